/// Reads a pattern of Swift `Regex` syntax, the regular subset only, into a ``PatternNode``; refuses, with a
/// reason, what no finite automaton can match (backreferences, lookaround, atomic groups, possessive quantifiers,
/// conditionals, recursion), as RE2 and Rust's regex crate refuse it.
///
/// Read: literals and escapes (`\t`, `\n`, `\x41`, `\u{301}`, `\Q…\E`, escaped punctuation); `.`, `\X`, `\N`; classes
/// `[…]`, `[^…]` with ranges, class escapes, POSIX classes `[:alpha:]` and nested classes; `\d \w \s \h \v \R` and
/// their negations; `\p{…}` and `\P{…}` (general categories, `Alphabetic`, `White_Space`, `Uppercase`, `Lowercase`,
/// `ASCII`, `Any`); anchors `^ $ \A \z \Z`, and `\b \B` as simple word boundaries under `(?-w)` (Regex's default,
/// Unicode's word boundaries, is refused); groups `(…)`, `(?:…)`, named groups, comments `(?#…)`;
/// alternation `|`; quantifiers `* + ? {n} {n,} {n,m} {,m}`, greedy or lazy (the same for a yes-or-no match); the
/// options `i`, `s`, `m`, `x`, `n`, `U`, `D`, `S`, `W`, `P`, `w` as `(?i)` or `(?i:…)`, and `u` (matching by
/// Unicode scalar) for the whole pattern.
struct PatternParser {
    /// The most a quantifier may repeat, as in RE2: `{1000}` is the largest count.
    static let maximumRepetition = 1000

    /// What the pattern needs from the matcher, found while reading it.
    struct Parsed: Sendable {
        var node: PatternNode
        /// Whether units are Unicode scalars (the `u` option for the whole pattern) rather than characters.
        var matchesScalars: Bool
        /// Whether a test sets letter case aside, so the matcher computes each unit's lower-case form.
        var ignoresCase: Bool
    }

    /// The options in force.
    private struct Options {
        var ignoresCase = false
        var dotMatchesNewlines = false
        var multiline = false
        var extended = false
        var asciiDigits = false
        var asciiSpaces = false
        var asciiWords = false
        var asciiPOSIX = false
        var matchesScalars = false
        /// Regex's default: `\b` at Unicode's word boundaries (UAX #29), which this matcher does not read; `(?-w)`
        /// asks for the simple boundary (`\w` on one side only), which it reads.
        var unicodeWordBoundaries = true
    }

    private let pattern: String
    private let characters: [Character]
    private var position = 0
    private var options = Options()
    private var usesCharacterMode = false
    private var usesScalarMode = false
    private var ignoresCase = false

    /// Reads a pattern.
    ///
    /// - Parameter pattern: The pattern.
    /// - Returns: The parsed pattern.
    /// - Throws: ``InvalidPatternError`` naming the pattern, what is wrong and where.
    static func parse(_ pattern: String) throws(InvalidPatternError) -> Parsed {
        var parser = PatternParser(pattern: pattern)
        let node = try parser.parseAlternation()
        if parser.position < parser.characters.count {
            throw parser.error("an unmatched ')'")
        }
        if parser.usesScalarMode && parser.usesCharacterMode {
            throw InvalidPatternError(
                pattern: pattern,
                reason: "matching by Unicode scalar ((?u)) is read only for a whole pattern, not a part of one")
        }
        return Parsed(node: node, matchesScalars: parser.usesScalarMode, ignoresCase: parser.ignoresCase)
    }

    private init(pattern: String) {
        self.pattern = pattern
        characters = Array(pattern)
    }

    // MARK: Structure

    private mutating func parseAlternation() throws(InvalidPatternError) -> PatternNode {
        var branches = [try parseConcatenation()]
        while peek() == "|" {
            position += 1
            branches.append(try parseConcatenation())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseConcatenation() throws(InvalidPatternError) -> PatternNode {
        var parts: [PatternNode] = []
        while true {
            skipExtendedSpace()
            guard let next = peek(), next != "|", next != ")" else { break }
            let start = position
            guard let atom = try parseAtom() else { continue }  // an option setting or a comment
            parts.append(try parseQuantifiers(on: atom, at: start))
        }
        switch parts.count {
        case 0: return .empty
        case 1: return parts[0]
        default: return .concatenation(parts)
        }
    }

    private mutating func parseQuantifiers(on atom: PatternNode, at start: Int) throws(InvalidPatternError)
        -> PatternNode
    {
        skipExtendedSpace()
        guard let bounds = try parseQuantifier() else { return atom }
        if case .assertion = atom { throw error("a quantifier after an anchor, which matches no text", at: start) }
        if case .empty = atom { throw error("a quantifier with nothing to repeat", at: start) }
        switch peek() {
        case "?": position += 1  // lazy: the same answer to "does it match?"
        case "+":
            throw error(
                "a possessive quantifier, which cannot be matched in linear time (the toolkit's patterns run in "
                    + "time proportional to the text, as RE2's and Rust's do)")
        default: break
        }
        skipExtendedSpace()
        if try parseQuantifier(peeking: true) != nil { throw error("a quantifier right after another") }
        return .repetition(atom, minimum: bounds.minimum, maximum: bounds.maximum)
    }

    /// Reads a quantifier, if one is next.
    private mutating func parseQuantifier(peeking: Bool = false) throws(InvalidPatternError)
        -> (minimum: Int, maximum: Int?)?
    {
        let start = position
        defer { if peeking { position = start } }
        switch peek() {
        case "*":
            position += 1
            return (0, nil)
        case "+":
            position += 1
            return (1, nil)
        case "?":
            position += 1
            return (0, 1)
        case "{":
            // {n}, {n,}, {n,m}, {,m}; anything else is a literal '{'.
            var index = position + 1
            func number() -> Int? {
                var value = 0
                var count = 0
                while index < characters.count, characters[index].isASCII,
                    let digit = characters[index].wholeNumberValue
                {
                    if count < 9 { value = value * 10 + digit }  // more digits are over the limit anyway
                    count += 1
                    index += 1
                }
                return count == 0 ? nil : (count > 9 ? Int.max : value)
            }
            let minimum = number()
            var maximum = minimum
            var hasComma = false
            if index < characters.count, characters[index] == "," {
                hasComma = true
                index += 1
                maximum = number()
            }
            guard minimum != nil || maximum != nil, index < characters.count, characters[index] == "}" else {
                return nil
            }
            let low = minimum ?? 0
            let high = hasComma ? maximum : low
            if let high, high < low { throw error("a quantifier whose lower bound is above its upper") }
            if low > Self.maximumRepetition || (high ?? 0) > Self.maximumRepetition {
                throw error("a quantifier above \(Self.maximumRepetition) repetitions")
            }
            position = index + 1
            return (low, high)
        default:
            return nil
        }
    }

    /// Reads one atom; `nil` for something that matches nothing by itself (an option setting, a comment).
    private mutating func parseAtom() throws(InvalidPatternError) -> PatternNode? {
        guard let character = next() else { return .empty }
        switch character {
        case "(": return try parseGroup()
        case "[":
            let characterClass = try parseClass()
            return unit(.characterClass(characterClass))
        case ".": return unit(.any(matchesNewline: options.dotMatchesNewlines))
        case "^": return .assertion(.startOfLine(multiline: options.multiline))
        case "$": return .assertion(.endOfLine(multiline: options.multiline))
        case "\\": return try parseEscape()
        case "*", "+", "?": throw error("a quantifier with nothing to repeat", at: position - 1)
        case "{":
            position -= 1
            if try parseQuantifier(peeking: true) != nil { throw error("a quantifier with nothing to repeat") }
            position += 1
            return literal(character)
        default: return literal(character)
        }
    }

    private mutating func parseGroup() throws(InvalidPatternError) -> PatternNode? {
        let start = position - 1
        let saved = options
        if peek() == "*" { throw error("a backtracking verb, which only a backtracking engine has", at: start) }
        if peek() == "?" {
            position += 1
            switch peek() {
            case ":": position += 1
            case "#":
                while let character = next(), character != ")" {}
                return nil
            case "=", "!":
                throw error(
                    "a lookahead, which cannot be matched in linear time; check it with another rule", at: start)
            case ">": throw error("an atomic group, which cannot be matched in linear time", at: start)
            case "(": throw error("a conditional, which cannot be matched in linear time", at: start)
            case "|": throw error("a branch reset group, which is not supported", at: start)
            case "~": throw error("an absent function, which is not supported", at: start)
            case "R", "&", "+", .some("0"..."9"):
                throw error("a recursion, which cannot be matched in linear time", at: start)
            case "C": throw error("a callout, which is not supported", at: start)
            case "'": try skipGroupName(until: "'")
            case "<":
                position += 1
                if peek() == "=" || peek() == "!" {
                    throw error(
                        "a lookbehind, which cannot be matched in linear time; check it with another rule", at: start)
                }
                position -= 1
                try skipGroupName(until: ">")
            case "P":
                position += 1
                switch peek() {
                case "<": try skipGroupName(until: ">")
                case "=": throw error("a backreference, which cannot be matched in linear time", at: start)
                case ">": throw error("a recursion, which cannot be matched in linear time", at: start)
                default: throw error("an unknown group", at: start)
                }
            default:
                // Options: (?i) for the rest of the enclosing group, or (?i:…) for this group.
                let appliesToRest = try parseOptions(at: start)
                if appliesToRest { return nil }
            }
        }
        let body = try parseAlternation()
        guard next() == ")" else { throw error("an unclosed '('", at: start) }
        options = saved
        return body
    }

    /// Reads a group name up to its closing delimiter (the name is not used: captures do not matter).
    private mutating func skipGroupName(until closing: Character) throws(InvalidPatternError) {
        let start = position
        position += 1
        while let character = next() {
            if character == closing { return }
            guard character.isLetter || character.isNumber || character == "_" else { break }
        }
        throw error("a malformed group name", at: start)
    }

    /// Reads `i`, `-i`, `^` … up to `)` (options for the rest of the group: returns `true`) or `:` (options for
    /// a group that follows: returns `false`).
    private mutating func parseOptions(at start: Int) throws(InvalidPatternError) -> Bool {
        var isOn = true
        while let character = next() {
            switch character {
            case ")": return true
            case ":": return false
            case "-": isOn = false
            case "^": options = Options()
            case "i": options.ignoresCase = isOn
            case "s": options.dotMatchesNewlines = isOn
            case "m": options.multiline = isOn
            case "x": options.extended = isOn
            case "n", "U": break  // named captures only, reluctant by default: no change to whether it matches
            case "D": options.asciiDigits = isOn
            case "S": options.asciiSpaces = isOn
            case "W": options.asciiWords = isOn
            case "P": options.asciiPOSIX = isOn
            case "u": options.matchesScalars = isOn
            case "w": options.unicodeWordBoundaries = isOn
            case "y", "X", "b", "a":
                throw error("the option '\(character)', which is not supported", at: position - 1)
            default: throw error("an unknown option '\(character)'", at: position - 1)
            }
        }
        throw error("an unclosed '(?'", at: start)
    }

    // MARK: Escapes

    private mutating func parseEscape() throws(InvalidPatternError) -> PatternNode? {
        let start = position - 1
        guard let character = next() else { throw error("a '\\' at the end", at: start) }
        switch character {
        case "d", "D": return unit(.characterClass(builtin(.digit(asciiOnly: options.asciiDigits), character == "D")))
        case "w", "W": return unit(.characterClass(builtin(.word(asciiOnly: options.asciiWords), character == "W")))
        case "s", "S":
            return unit(.characterClass(builtin(.whitespace(asciiOnly: options.asciiSpaces), character == "S")))
        case "h", "H": return unit(.characterClass(builtin(.horizontalWhitespace, character == "H")))
        case "v", "V", "R": return unit(.characterClass(builtin(.verticalWhitespace, character == "V")))
        case "N":
            if peek() == "{" { throw error("a named character (\\N{…}); write \\u{…}", at: start) }
            return unit(.any(matchesNewline: false))
        case "X": return unit(.any(matchesNewline: true))
        case "p", "P":
            let property = try parseProperty(at: start)
            let characterClass = PatternCharacterClass(
                items: [.property(property, isNegated: character == "P")], isInverted: false, ignoresCase: false)
            return unit(.characterClass(characterClass))
        case "b", "B":
            guard !options.unicodeWordBoundaries else {
                throw error(
                    "'\\\(character)' at Unicode's word boundaries (Regex's default), which is not supported; write "
                        + "(?-w) before it for the simple boundary (\\w on one side only)", at: start)
            }
            return .assertion(.wordBoundary(isNegated: character == "B", asciiWords: options.asciiWords))
        case "A": return .assertion(.startOfText)
        case "z": return .assertion(.endOfText)
        case "Z": return .assertion(.endOfTextBeforeFinalNewline)
        case "Q":
            var parts: [PatternNode] = []
            while position < characters.count {
                if characters[position] == "\\", position + 1 < characters.count, characters[position + 1] == "E" {
                    position += 2
                    break
                }
                parts.append(literal(characters[position]))
                position += 1
            }
            return parts.isEmpty ? nil : .concatenation(parts)
        case "E": return nil
        case "1"..."9", "k", "g":
            throw error("a backreference, which cannot be matched in linear time", at: start)
        case "G", "K":
            throw error("'\\\(character)', which only a backtracking engine has", at: start)
        default:
            return literal(try parseLiteralEscape(character, at: start))
        }
    }

    /// The character an escape that stands for one character means: `\t`, `\x41`, `\u{301}`, `\.`, …
    private mutating func parseLiteralEscape(_ character: Character, at start: Int) throws(InvalidPatternError)
        -> Character
    {
        switch character {
        case "t": return "\t"
        case "n": return "\n"
        case "r": return "\r"
        case "f": return "\u{0C}"
        case "e": return "\u{1B}"
        case "a": return "\u{07}"
        case "0": return "\u{0}"
        case "x": return try parseHexadecimal(fixedDigits: 2, at: start)
        case "u": return try parseHexadecimal(fixedDigits: 4, at: start)
        case "U": return try parseHexadecimal(fixedDigits: 8, at: start)
        case _ where character.isASCII && !character.isLetter && !character.isNumber: return character
        case _ where !character.isASCII: return character
        default: throw error("an unknown escape '\\\(character)'", at: start)
        }
    }

    /// `\x41`, `\x{41}`, `\u0041`, `\u{41}`, `\U00000041`.
    private mutating func parseHexadecimal(fixedDigits: Int, at start: Int) throws(InvalidPatternError) -> Character {
        var digits = ""
        if peek() == "{" {
            position += 1
            while let character = next(), character != "}" { digits.append(character) }
        } else {
            for _ in 0..<fixedDigits {
                guard let character = peek(), character.isHexDigit else { break }
                digits.append(character)
                position += 1
            }
            if fixedDigits == 2 && digits.isEmpty { return "\u{0}" }
        }
        guard !digits.isEmpty, digits.count <= 8, let value = UInt32(digits, radix: 16),
            let scalar = Unicode.Scalar(value)
        else { throw error("a malformed hexadecimal escape", at: start) }
        return Character(scalar)
    }

    /// `\p{L}`, `\pL`, `\p{Alphabetic}`, `\p{General_Category=Lu}`.
    private mutating func parseProperty(at start: Int) throws(InvalidPatternError) -> PatternCharacterClass.Property {
        var name = ""
        if peek() == "{" {
            position += 1
            while let character = next(), character != "}" { name.append(character) }
        } else if let character = next() {
            name = String(character)
        }
        if name.hasPrefix("^") { throw error("a negated property inside braces; write \\P{…}", at: start) }
        if let equals = name.firstIndex(of: "=") {
            let key = name[..<equals].lowercased().filter { $0.isLetter }
            guard key == "gc" || key == "generalcategory" else {
                throw error("an unsupported property '\(name)'", at: start)
            }
            name = String(name[name.index(after: equals)...])
        }
        if let property = Self.property(named: name) { return property }
        throw error("an unsupported property '\(name)'", at: start)
    }

    static func property(named name: String) -> PatternCharacterClass.Property? {
        let key = String(name.filter { $0 != "_" && $0 != " " && $0 != "-" }).lowercased()
        switch key {
        case "any": return .any
        case "ascii": return .ascii
        case "alphabetic", "alpha": return .alphabetic
        case "whitespace", "space", "wspace": return .whiteSpace
        case "uppercase", "upper": return .uppercase
        case "lowercase", "lower": return .lowercase
        case "hexdigit", "xdigit", "asciihexdigit": return .hexDigit
        default: return PatternCharacterClass.categoryMask(named: name).map { .categories($0) }
        }
    }

    // MARK: Classes

    private mutating func parseClass() throws(InvalidPatternError) -> PatternCharacterClass {
        let start = position - 1
        var characterClass = PatternCharacterClass(items: [], isInverted: false, ignoresCase: options.ignoresCase)
        if options.ignoresCase { ignoresCase = true }
        if peek() == "^" {
            characterClass.isInverted = true
            position += 1
        }
        var isFirst = true
        while true {
            guard let character = next() else { throw error("an unclosed '['", at: start) }
            if character == "]" && !isFirst { return characterClass }
            isFirst = false
            let item: PatternCharacterClass.Item
            switch character {
            case "[":
                if peek() == ":" {
                    item = try parsePOSIXClass(at: position - 1)
                } else {
                    item = .nested(try parseClass())
                }
            case "\\":
                guard let escaped = next() else { throw error("an unclosed '['", at: start) }
                switch escaped {
                case "d", "D": item = .builtin(.digit(asciiOnly: options.asciiDigits), isNegated: escaped == "D")
                case "w", "W": item = .builtin(.word(asciiOnly: options.asciiWords), isNegated: escaped == "W")
                case "s", "S": item = .builtin(.whitespace(asciiOnly: options.asciiSpaces), isNegated: escaped == "S")
                case "h", "H": item = .builtin(.horizontalWhitespace, isNegated: escaped == "H")
                case "v", "V": item = .builtin(.verticalWhitespace, isNegated: escaped == "V")
                case "p", "P": item = .property(try parseProperty(at: position - 2), isNegated: escaped == "P")
                case "b": item = try rangeOrCharacter(from: "\u{08}")
                case "1"..."9", "k", "g": throw error("a backreference, which cannot be matched in linear time")
                default: item = try rangeOrCharacter(from: parseLiteralEscape(escaped, at: position - 2))
                }
            case "&" where peek() == "&", "~" where peek() == "~", "-" where peek() == "-":
                throw error("a class set operation (&&, --, ~~), which is not supported", at: position - 1)
            default:
                item = try rangeOrCharacter(from: character)
            }
            characterClass.items.append(item)
        }
    }

    /// A range `a-z` when a `-` and an end follow the character, else the character.
    private mutating func rangeOrCharacter(from low: Character) throws(InvalidPatternError)
        -> PatternCharacterClass.Item
    {
        guard peek() == "-", position + 1 < characters.count, characters[position + 1] != "]" else {
            return .character(low)
        }
        let start = position - 1
        position += 1
        guard var high = next() else { throw error("an unclosed '['") }
        if high == "\\" {
            guard let escaped = next() else { throw error("an unclosed '['") }
            high = try parseLiteralEscape(escaped, at: position - 2)
        } else if high == "[" {
            throw error("a range that ends in a class", at: start)
        }
        guard let lowScalar = Self.singleScalar(low), let highScalar = Self.singleScalar(high) else {
            throw error("a range whose end is not one Unicode scalar", at: start)
        }
        guard lowScalar <= highScalar else { throw error("a range out of order", at: start) }
        return .range(lowScalar, highScalar)
    }

    private static func singleScalar(_ character: Character) -> Unicode.Scalar? {
        let scalars = character.unicodeScalars
        return scalars.count == 1 ? scalars.first : nil
    }

    /// `[:alpha:]`, `[:^digit:]`: read as properties.
    private mutating func parsePOSIXClass(at start: Int) throws(InvalidPatternError) -> PatternCharacterClass.Item {
        position += 1  // ':'
        var isNegated = false
        if peek() == "^" {
            isNegated = true
            position += 1
        }
        var name = ""
        while let character = next(), character != ":" { name.append(character) }
        guard next() == "]" else { throw error("a malformed POSIX class", at: start) }
        let ascii = options.asciiPOSIX
        let item: PatternCharacterClass.Item
        switch name {
        case "alpha": item = ascii ? asciiItem("a-zA-Z") : .property(.alphabetic, isNegated: false)
        case "digit":
            item =
                ascii
                ? asciiItem("0-9")
                : .property(.categories(PatternCharacterClass.categoryBit(.decimalNumber)), isNegated: false)
        case "alnum":
            item =
                ascii
                ? asciiItem("a-zA-Z0-9")
                : .nested(
                    PatternCharacterClass(
                        items: [
                            .property(.alphabetic, isNegated: false),
                            .property(.categories(PatternCharacterClass.categoryBit(.decimalNumber)), isNegated: false),
                        ], isInverted: false, ignoresCase: false))
        case "upper": item = ascii ? asciiItem("A-Z") : .property(.uppercase, isNegated: false)
        case "lower": item = ascii ? asciiItem("a-z") : .property(.lowercase, isNegated: false)
        case "space": item = .builtin(.whitespace(asciiOnly: ascii), isNegated: false)
        case "blank": item = .builtin(.horizontalWhitespace, isNegated: false)
        case "punct":
            item = .property(.categories(PatternCharacterClass.categoryMask(named: "P") ?? 0), isNegated: false)
        case "cntrl": item = .property(.categories(PatternCharacterClass.categoryBit(.control)), isNegated: false)
        case "xdigit": item = .property(.hexDigit, isNegated: false)
        case "word": item = .builtin(.word(asciiOnly: ascii), isNegated: false)
        default: throw error("an unsupported POSIX class '[:\(name):]'", at: start)
        }
        guard isNegated else { return item }
        return .nested(PatternCharacterClass(items: [item], isInverted: true, ignoresCase: false))
    }

    /// A class of ASCII ranges written as `a-zA-Z`.
    private func asciiItem(_ ranges: String) -> PatternCharacterClass.Item {
        let scalars = Array(ranges.unicodeScalars)
        var items: [PatternCharacterClass.Item] = []
        var index = 0
        while index + 2 < scalars.count {
            items.append(.range(scalars[index], scalars[index + 2]))
            index += 3
        }
        return .nested(PatternCharacterClass(items: items, isInverted: false, ignoresCase: false))
    }

    // MARK: Units

    private mutating func unit(_ test: PatternUnitTest) -> PatternNode {
        if options.matchesScalars { usesScalarMode = true } else { usesCharacterMode = true }
        return .unit(test)
    }

    private mutating func literal(_ character: Character) -> PatternNode {
        if options.ignoresCase { ignoresCase = true }
        return unit(.literal(character, lowercased: options.ignoresCase ? character.lowercased() : nil))
    }

    private func builtin(_ builtin: PatternCharacterClass.Builtin, _ isNegated: Bool) -> PatternCharacterClass {
        PatternCharacterClass(items: [.builtin(builtin, isNegated: isNegated)], isInverted: false, ignoresCase: false)
    }

    // MARK: Reading

    private func peek() -> Character? {
        position < characters.count ? characters[position] : nil
    }

    private mutating func next() -> Character? {
        guard position < characters.count else { return nil }
        position += 1
        return characters[position - 1]
    }

    /// In extended mode (`(?x)`), skips whitespace and `#` comments.
    private mutating func skipExtendedSpace() {
        guard options.extended else { return }
        while let character = peek() {
            if character.isWhitespace {
                position += 1
            } else if character == "#" {
                while let skipped = next(), !skipped.isNewline {}
            } else {
                return
            }
        }
    }

    private func error(_ reason: String, at place: Int? = nil) -> InvalidPatternError {
        InvalidPatternError(pattern: pattern, reason: reason + " at offset \(place ?? position)")
    }
}
