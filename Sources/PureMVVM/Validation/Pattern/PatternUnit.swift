/// One unit of a text a ``LinearPattern`` matches: a character (or a scalar in scalar mode), with its ASCII code
/// when it is one ASCII scalar, so most units are tested with one bit and never become a `Character`.
struct PatternUnit {
    /// The ASCII code, 0 to 127, or -1 for any other unit (non-ASCII, or `\r\n`, one character of two scalars).
    let code: Int
    /// The unit as a character, for a unit that is not ASCII; `nil` for an ASCII one.
    let character: Character?

    /// The units of a text: bytes for ASCII text (with `\r\n` one unit, as one character), characters otherwise,
    /// or scalars in scalar mode.
    static func units(of text: String, scalars: Bool) -> [PatternUnit] {
        var units: [PatternUnit] = []
        if scalars {
            units.reserveCapacity(text.unicodeScalars.count)
            for scalar in text.unicodeScalars {
                units.append(
                    scalar.isASCII
                        ? PatternUnit(code: Int(scalar.value), character: nil)
                        : PatternUnit(
                            code: -1, character: Character(scalar)))
            }
            return units
        }
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 >= 0x80 }) {
            units.reserveCapacity(utf8.count)
            var previousWasCarriageReturn = false
            for byte in utf8 {
                if byte == 0x0A && previousWasCarriageReturn {
                    units[units.count - 1] = PatternUnit(code: -1, character: "\r\n")
                } else {
                    units.append(PatternUnit(code: Int(byte), character: nil))
                }
                previousWasCarriageReturn = byte == 0x0D
            }
            return units
        }
        for character in text {
            if character.utf8.count == 1, let byte = character.utf8.first {
                units.append(PatternUnit(code: Int(byte), character: nil))
            } else {
                units.append(PatternUnit(code: -1, character: character))
            }
        }
        return units
    }

    /// The unit as a character.
    var asCharacter: Character {
        character ?? Character(Unicode.Scalar(UInt8(truncatingIfNeeded: code)))
    }

    /// Whether the unit is a line break (`Character.isNewline`): `\n`, `\r`, VT, FF, `\r\n`, NEL, U+2028, U+2029.
    var isNewline: Bool {
        code >= 0 ? (0x0A...0x0D).contains(code) : asCharacter.isNewline
    }

    /// Whether the unit is a word unit, as `\w` says.
    func isWord(asciiOnly: Bool) -> Bool {
        if code >= 0 {
            switch code {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: return true
            default: return false
            }
        }
        return PatternCharacterClass.builtinContains(.word(asciiOnly: asciiOnly), asCharacter)
    }

    /// Whether a test accepts a character.
    ///
    /// - Parameters:
    ///   - test: The test.
    ///   - character: The unit.
    ///   - lowercased: The unit's lower-case form, when the pattern sets case aside.
    static func test(_ test: PatternUnitTest, accepts character: Character, lowercased: String?) -> Bool {
        switch test {
        case .literal(let literal, let lowercasedLiteral):
            if character == literal { return true }
            guard let lowercasedLiteral, let lowercased else { return false }
            return lowercased == lowercasedLiteral
        case .any(let matchesNewline):
            return matchesNewline || !character.isNewline
        case .characterClass(let characterClass):
            return characterClass.contains(character, lowercased: lowercased)
        }
    }
}
