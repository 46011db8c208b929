extension ConsoleWords {
    /// The console view's words in English.
    public static let english = ConsoleWords(
        separator: ": ",
        sentenceSeparator: " ",
        enabled: "enabled",
        disabled: "disabled",
        actionNotEnabled: { actionTitle in "\(actionTitle) is not enabled." },
        unknownCommand: { command in "Unknown command \"\(command)\"." },
        unknownCommandHint: "Type :help for the list.",
        help: { actionTitle in
            """
            Type a field's text and press Enter; when every field is valid, "\(actionTitle)" runs.
            Commands, at any prompt but a hidden one:
              :back   go back to the previous field
              :next   go on to the next field
              :help   show this help
              :quit   leave without "\(actionTitle)" (Ctrl-D does the same)
            To type text that starts with ':', type '::' instead. Ctrl-C interrupts.
            At a hidden prompt (a password) every line is the password, even one that starts with ':';
            to leave it, press Ctrl-D (or Ctrl-C to interrupt).

            """
        },
        lineTooLong: { maximumBytes in "The line is longer than \(maximumBytes) bytes; nothing of it was used." },
        lineNotUTF8: "The line is not valid UTF-8 text; nothing of it was used.",
        noTerminal: "Hidden input needs a terminal, and there is none.",
        streamError: { stream, reason in
            switch stream {
            case .standardInput: "cannot read standard input: \(reason)"
            case .standardOutput: "cannot write to standard output: \(reason)"
            case .standardError: "cannot write to standard error: \(reason)"
            }
        },
        streamClosedAtStart: "it was closed when the program started",
        choicePrompt: { count in "Choose 1-\(count): " },
        choiceRefused: { count in "Type a number from 1 to \(count), or a button's name." }
    )
}
