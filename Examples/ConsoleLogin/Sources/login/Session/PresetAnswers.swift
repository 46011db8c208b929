internal import ConsoleView

/// A line source for `--username NAME --password-stdin`: it answers the first visible prompt with the name and
/// the first hidden prompt with the password, each once and verbatim (a name's leading `:` is escaped, so it is
/// never read as a command; a hidden prompt reads no commands, so the password is given as it is), shows no
/// prompt, and then ends. The password can only ever reach a hidden field, so it is
/// never shown, even when the name is refused and asked for again.
@MainActor
final class PresetAnswers: LineSource {
    private var visible: String?
    private var hidden: String?

    /// Creates the answers.
    ///
    /// - Parameters:
    ///   - visible: The answer to the first visible prompt, the username.
    ///   - hidden: The answer to the first hidden prompt, the password.
    init(visible: String, hidden: String) {
        self.visible = visible
        self.hidden = hidden
    }

    func readLine(prompt: String, hidden isHidden: Bool) async -> LineInput {
        let answer: String?
        if isHidden {
            answer = hidden
            hidden = nil
        } else {
            answer = visible
            visible = nil
        }
        guard let answer else { return .endOfInput }
        return .line(!isHidden && answer.hasPrefix(":") ? ":" + answer : answer)
    }
}
