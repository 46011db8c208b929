internal import ConsoleView

/// The terminal's lines, with the secrets typed at its hidden prompts kept until the program forgets them, and
/// overwritten then (issue 40, F1: a wrong password left 4 to 9 plain copies in the heap, and a right one 2 to 3
/// for the whole home screen).
///
/// A hidden line's text comes from the terminal as a ``SecretText`` string: one buffer that every copy of the
/// value shares (the form's, the ViewModel's field, each authenticator's), so overwriting it reaches them all.
/// This source keeps each such line, and overwrites it with zeros:
/// - when the same prompt reads another line (the field's old text is no longer needed);
/// - when the program says the secrets are no longer needed (``forgetSecrets()``): once a sign-in attempt ends,
///   right, wrong, unavailable or cancelled, once the form ends (a prompt that timed out, Ctrl-D, a sign-up
///   done), and before the program exits.
///
/// Keeping the line also keeps its buffer alive until it is overwritten, so it is never freed with the bytes in it.
/// With `PUREMVVM_TEST_MEMORY_PROBE` set (debug builds), each prompt and the program's end first report how many
/// copies of the probe's secrets the process's memory holds (``MemoryProbe``).
@MainActor
final class SecretLines: LineSource {
    /// The terminal.
    let base: any LineSource
    /// The secrets kept, by the prompt that read them.
    private var secrets: [(prompt: String, text: String)] = []

    /// Creates the source.
    ///
    /// - Parameter base: The terminal, whose hidden lines are ``SecretText`` strings.
    init(base: any LineSource) {
        self.base = base
    }

    func readLine(prompt: String, hidden: Bool) async -> LineInput {
        if hidden, let index = secrets.firstIndex(where: { $0.prompt == prompt }) {
            SecretText.overwrite(secrets.remove(at: index).text)
        }
        MemoryProbe.report()
        let input = await base.readLine(prompt: prompt, hidden: hidden)
        if hidden, case .line(let text) = input { secrets.append((prompt, text)) }
        return input
    }

    /// Keeps a secret read elsewhere (`--password-stdin`'s) until ``forgetSecrets()``.
    ///
    /// - Parameter text: A ``SecretText`` string.
    func keep(_ text: String) {
        secrets.append(("", text))
    }

    /// Overwrites every secret kept, and forgets them.
    func forgetSecrets() {
        for secret in secrets { SecretText.overwrite(secret.text) }
        secrets = []
    }
}
