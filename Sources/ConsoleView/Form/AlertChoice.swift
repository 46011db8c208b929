/// The buttons of an alert a console form shows as a choice, and what choosing one does.
@MainActor
struct AlertChoice {
    /// The buttons' titles, in the order they are numbered from 1.
    let titles: [String]
    /// Answers the button at an index of ``titles``.
    let answer: @MainActor (Int) -> Void

    /// The button a typed line names: its number from 1, or its title (whitespace around it and case aside).
    ///
    /// - Parameter line: What the user typed.
    /// - Returns: The button's index in ``titles``; `nil` when the line names none.
    func index(answering line: String) -> Int? {
        let typed = line.trimmingWhitespace()
        if let number = Int(typed), titles.indices.contains(number - 1) { return number - 1 }
        return titles.firstIndex { $0.lowercased() == typed.lowercased() }
    }
}

extension String {
    /// The string without spaces and tabs at either end.
    fileprivate func trimmingWhitespace() -> String {
        let isBlank = { (character: Character) in character == " " || character == "\t" }
        return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}
