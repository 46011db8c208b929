/// The home screen's console words: the prompt, hints, help and messages. The screen's content (greeting,
/// labels, values, status) is the ViewModel's, in the language chosen with `--language`; the console's own
/// words are English, like the login form's.
enum HomeConsoleWords {
    /// The prompt.
    static let prompt = "Home: "
    /// Printed when the user logs out, before the login prompts start again.
    static let signedOut = "Signed out."

    /// The hint after the screen is shown.
    ///
    /// - Parameters:
    ///   - menuCount: How many menu items there are.
    ///   - canRetry: Whether loading failed, so `retry` is offered.
    /// - Returns: The line.
    static func hint(menuCount: Int, canRetry: Bool) -> String {
        (canRetry ? "Type retry to load again, " : "Type ") + "\(menuRange(menuCount)) to open a menu item, "
            + "logout to sign out, or quit."
    }

    /// The help text.
    ///
    /// - Parameter menuCount: How many menu items there are.
    /// - Returns: The text, ending with a newline.
    static func help(menuCount: Int) -> String {
        let name = menuRange(menuCount)
        let range = name + String(repeating: " ", count: max(0, 8 - name.count))
        return """
            Commands at the home screen:
              \(range) open a menu item
              retry    load the profile again, after a failure
              logout   sign out and return to the login
              quit     leave, signed in (Ctrl-D does the same)
              help     show this help

            """
    }

    /// The line after a menu item is selected.
    ///
    /// - Parameter title: The item's title, as the menu shows it.
    /// - Returns: The line.
    static func opened(_ title: String) -> String {
        "→ \(title): not part of this demo."
    }

    /// The refusal of a menu number that is not shown.
    static func noMenuItem(_ number: Int) -> String {
        "! There is no menu item \(number)."
    }

    /// The refusal of `retry` when nothing failed.
    static let nothingToRetry = "! Nothing to retry: the profile did not fail to load."

    /// The refusal of an unknown command.
    static func unknown(_ command: String) -> String {
        "! Unknown command \"\(command)\". Type help for the commands."
    }

    private static func menuRange(_ count: Int) -> String {
        count <= 1 ? "1" : "1-\(count)"
    }
}
