/// A set of characters in a pattern: a bracketed class (`[a-z_]`, `[^0-9]`), a class escape (`\d`, `\w`, `\s`,
/// `\h`, `\v`) or a Unicode property (`\p{L}`, `\P{Nd}`, `[[:alpha:]]`).
///
/// A character of several scalars (`e` and a combining accent) is in a range only if it is one scalar (as in Swift
/// `Regex`); a listed character matches its canonically equivalent forms; a property is read from the character's
/// first scalar; `\d`, `\w` and `\s` ask the `Character` (`isNumber`, `isLetter`, `isWhitespace`).
struct PatternCharacterClass: Sendable {
    /// One member of a class.
    enum Item: Sendable {
        /// A character, compared as Swift compares characters.
        case character(Character)
        /// A range of single scalars, inclusive.
        case range(Unicode.Scalar, Unicode.Scalar)
        /// A built-in class, or everything outside it when `isNegated`.
        case builtin(Builtin, isNegated: Bool)
        /// A Unicode property of the first scalar, or everything without it when `isNegated`.
        case property(Property, isNegated: Bool)
        /// A nested class, `[a[bc]]`.
        case nested(PatternCharacterClass)
    }

    /// The built-in classes.
    enum Builtin: Sendable {
        /// `\d`: a number (`Character.isNumber`), or ASCII 0 to 9 in ASCII mode (`(?D)`).
        case digit(asciiOnly: Bool)
        /// `\w`: a letter, a number or `_`, or ASCII ones in ASCII mode (`(?W)`).
        case word(asciiOnly: Bool)
        /// `\s`: whitespace, or ASCII whitespace in ASCII mode (`(?S)`).
        case whitespace(asciiOnly: Bool)
        /// `\h`: whitespace that is not a line break.
        case horizontalWhitespace
        /// `\v` and `\R`: a line break.
        case verticalWhitespace
    }

    /// The Unicode properties `\p{…}` and POSIX classes name.
    enum Property: Sendable {
        /// General categories, as a bit mask of `Unicode.GeneralCategory` cases (see ``categoryBit(_:)``).
        case categories(UInt32)
        /// Any scalar.
        case any
        /// An ASCII scalar.
        case ascii
        /// The `Alphabetic` property.
        case alphabetic
        /// The `White_Space` property.
        case whiteSpace
        /// The `Uppercase` property.
        case uppercase
        /// The `Lowercase` property.
        case lowercase
        /// ASCII hexadecimal digits.
        case hexDigit
    }

    var items: [Item]
    var isInverted: Bool
    /// Whether letter case is set aside (`(?i)`): a range also matches a scalar whose lower- or upper-case
    /// mapping (a single scalar) is in it, and a listed character one whose lower-case form equals its own.
    var ignoresCase: Bool

    /// Whether a unit is in the class.
    ///
    /// - Parameters:
    ///   - unit: The character (in scalar mode, a character of one scalar).
    ///   - lowercased: The unit's lower-case form, given when the pattern sets case aside (computed once per unit).
    func contains(_ unit: Character, lowercased: String?) -> Bool {
        var found = false
        for item in items where Self.item(item, contains: unit, lowercased: lowercased, ignoresCase: ignoresCase) {
            found = true
            break
        }
        return found != isInverted
    }

    private static func item(
        _ item: Item, contains unit: Character, lowercased: String?, ignoresCase: Bool
    ) -> Bool {
        switch item {
        case .character(let character):
            if unit == character { return true }
            guard ignoresCase, let lowercased else { return false }
            return lowercased == character.lowercased()
        case .range(let low, let high):
            let scalars = unit.unicodeScalars
            guard let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else {
                return false
            }
            if low <= scalar && scalar <= high { return true }
            guard ignoresCase else { return false }
            for mapping in [scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping] {
                let mapped = mapping.unicodeScalars
                if let single = mapped.first, mapped.count == 1, low <= single && single <= high { return true }
            }
            return false
        case .builtin(let builtin, let isNegated):
            return builtinContains(builtin, unit) != isNegated
        case .property(let property, let isNegated):
            guard let scalar = unit.unicodeScalars.first else { return false }
            return propertyContains(property, scalar) != isNegated
        case .nested(let nested):
            return nested.contains(unit, lowercased: lowercased)
        }
    }

    static func builtinContains(_ builtin: Builtin, _ unit: Character) -> Bool {
        switch builtin {
        case .digit(let asciiOnly): asciiOnly ? unit.isASCII && unit.isNumber : unit.isNumber
        case .word(let asciiOnly):
            (asciiOnly ? unit.isASCII : true) && (unit.isLetter || unit.isNumber || unit == "_")
        case .whitespace(let asciiOnly): asciiOnly ? unit.isASCII && unit.isWhitespace : unit.isWhitespace
        case .horizontalWhitespace: unit.isWhitespace && !unit.isNewline
        case .verticalWhitespace: unit.isNewline
        }
    }

    static func propertyContains(_ property: Property, _ scalar: Unicode.Scalar) -> Bool {
        switch property {
        case .categories(let bits): bits & categoryBit(scalar.properties.generalCategory) != 0
        case .any: true
        case .ascii: scalar.isASCII
        case .alphabetic: scalar.properties.isAlphabetic
        case .whiteSpace: scalar.properties.isWhitespace
        case .uppercase: scalar.properties.isUppercase
        case .lowercase: scalar.properties.isLowercase
        case .hexDigit:
            switch scalar {
            case "0"..."9", "a"..."f", "A"..."F": true
            default: false
            }
        }
    }

    /// The general categories in a fixed order, for bit masks.
    static let categories: [Unicode.GeneralCategory] = [
        .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
        .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation,
        .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
        .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .spaceSeparator,
        .lineSeparator, .paragraphSeparator, .control, .format, .surrogate, .privateUse, .unassigned,
    ]

    /// A category's bit in a mask.
    static func categoryBit(_ category: Unicode.GeneralCategory) -> UInt32 {
        var index = 0
        while index < categories.count {
            if categories[index] == category { return 1 << UInt32(index) }
            index += 1
        }
        return 0
    }

    /// The mask of the categories with these short names (`Lu`), or of every category whose name starts with
    /// this letter (`L`); `nil` for an unknown name.
    static func categoryMask(named name: String) -> UInt32? {
        let short = [
            "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe",
            "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn",
        ]
        let long = [
            "uppercaseletter", "lowercaseletter", "titlecaseletter", "modifierletter", "otherletter",
            "nonspacingmark", "spacingmark", "enclosingmark", "decimalnumber", "letternumber", "othernumber",
            "connectorpunctuation", "dashpunctuation", "openpunctuation", "closepunctuation",
            "initialpunctuation", "finalpunctuation", "otherpunctuation", "mathsymbol", "currencysymbol",
            "modifiersymbol", "othersymbol", "spaceseparator", "lineseparator", "paragraphseparator", "control",
            "format", "surrogate", "privateuse", "unassigned",
        ]
        let groups: [String: Character] = [
            "letter": "L", "mark": "M", "number": "N", "punctuation": "P", "symbol": "S", "separator": "Z",
            "other": "C",
        ]
        let key = String(name.filter { $0 != "_" && $0 != " " && $0 != "-" }).lowercased()
        if key == "l&" || key == "lc" || key == "casedletter" { return 0b111 }  // Lu, Ll, Lt
        if let index = short.firstIndex(where: { $0.lowercased() == key }) ?? long.firstIndex(of: key) {
            return 1 << UInt32(index)
        }
        let letter: Character? = key.count == 1 ? key.uppercased().first : groups[key]
        guard let letter else { return nil }
        var mask: UInt32 = 0
        for (index, name) in short.enumerated() where name.first == letter { mask |= 1 << UInt32(index) }
        return mask == 0 ? nil : mask
    }
}
