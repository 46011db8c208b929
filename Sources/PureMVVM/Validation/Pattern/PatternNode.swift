/// A parsed pattern of the regular subset: what ``PatternParser`` reads and ``PatternProgram`` compiles. Every
/// node matches a regular language, so the whole pattern can be matched by a finite automaton in one pass.
indirect enum PatternNode: Sendable {
    /// Matches the empty text.
    case empty
    /// Matches one unit (a character, or a scalar in scalar mode) that the test accepts.
    case unit(PatternUnitTest)
    /// Matches the empty text where the assertion holds.
    case assertion(PatternAssertion)
    /// Matches the parts one after another.
    case concatenation([PatternNode])
    /// Matches any one of the branches.
    case alternation([PatternNode])
    /// Matches the node `minimum` to `maximum` times (`nil`: no limit).
    case repetition(PatternNode, minimum: Int, maximum: Int?)
}

/// A zero-width test of the place between two units.
enum PatternAssertion: Hashable, Sendable {
    /// `^`: the start of the text, or, in multi-line mode, also after a line break.
    case startOfLine(multiline: Bool)
    /// `$`: the end of the text, or, in multi-line mode, also before a line break.
    case endOfLine(multiline: Bool)
    /// `\A`: the start of the text.
    case startOfText
    /// `\z`: the end of the text.
    case endOfText
    /// `\Z`: the end of the text, or before a line break that ends it.
    case endOfTextBeforeFinalNewline
    /// `\b`, or `\B` when `isNegated`: a word unit on one side and not on the other (the simple boundary).
    case wordBoundary(isNegated: Bool, asciiWords: Bool)
}

/// What a unit-matching node accepts.
enum PatternUnitTest: Sendable {
    /// A literal character, compared as Swift compares characters (canonically equivalent forms match), or with
    /// case set aside (`(?i)`): then `lowercased` is the literal's lower-case form.
    case literal(Character, lowercased: String?)
    /// `.`: any unit but a line break, or any unit at all in dot-all mode (`(?s)`), and `\X`.
    case any(matchesNewline: Bool)
    /// A class: `[…]`, `\d`, `\w`, `\s`, `\p{…}` and their negations.
    case characterClass(PatternCharacterClass)
}
