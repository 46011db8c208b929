internal import BenchKit
internal import ConsoleWorkloads

/// The row of part 4: the console `login`, from starting it at a terminal to its first prompt.
enum ConsoleVariants {
    /// The prompt `login` shows first, after its two-line banner, when it runs at a terminal.
    static let firstPrompt = "Username: "

    /// The console row. `login` runs on a new pseudo-terminal, its controlling terminal, as a user starts it:
    /// without a terminal it refuses to start a session (it will not read a password from a pipe), so pipes would
    /// measure its refusal, not its first prompt. At the prompt the harness types Ctrl-D, and `login` ends with
    /// status 1 (not signed in).
    static let all: [Variant] = [
        Variant(
            id: "console.login",
            group: ConsoleLineVariants.group,
            title: "`login` at a terminal, from its start to its first prompt",
            baseline: nil,
            measurement: .startup(
                Startup(prompt: firstPrompt, streams: .terminal, exitStatus: 1) {
                    [try Startup.releaseProduct("login")]
                }
            )
        )
    ]
}
