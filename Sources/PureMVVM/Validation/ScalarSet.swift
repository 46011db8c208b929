/// A set of Unicode scalars, for ``ValidationRule/allowedCharacters(_:message:)``: ready-made sets from the
/// Unicode properties the Swift standard library knows, combined with ``union(_:)``, ``subtracting(_:)`` and
/// ``inverted``, or any predicate.
///
/// ```swift
/// let name = ScalarSet.alphanumerics.union(ScalarSet("._-"))
/// let printable = ScalarSet.controlCharacters.inverted
/// ```
///
/// The ready-made sets follow Unicode's general categories, as the standard library reports them, so they need
/// no Foundation: ``letters`` includes the combining marks that decorate letters, which keeps text typed in
/// decomposed form (NFD, "e" plus a combining accent) inside the same set as its composed form.
public struct ScalarSet: Sendable {
    private indirect enum Storage: Sendable {
        /// General categories, one bit each (``Bit``).
        case categories(UInt32)
        /// The Unicode `White_Space` property.
        case whitespace
        case range(ClosedRange<UInt32>)
        /// ASCII scalars, one bit each: checked without hashing.
        case ascii(ASCIIBits)
        case scalars(Set<Unicode.Scalar>)
        case predicate(@Sendable (Unicode.Scalar) -> Bool)
        case union(Storage, Storage)
        case subtracting(Storage, Storage)
        case inverted(Storage)

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .categories(let mask): mask & ScalarSet.categoryBit(of: scalar) != 0
            case .whitespace: scalar.properties.isWhitespace
            case .range(let range): range.contains(scalar.value)
            case .ascii(let bits): scalar.isASCII && bits.contains(scalar.value)
            case .scalars(let scalars): scalars.contains(scalar)
            case .predicate(let predicate): predicate(scalar)
            case .union(let first, let second): first.contains(scalar) || second.contains(scalar)
            case .subtracting(let first, let second): first.contains(scalar) && !second.contains(scalar)
            case .inverted(let set): !set.contains(scalar)
            }
        }
    }

    /// A set of ASCII scalars, one bit each (bit n of `low` for n < 64, of `high` for n - 64).
    private struct ASCIIBits: Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        mutating func insert(_ value: UInt32) {
            if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
        }

        /// Combines two sets bit by bit.
        static func combining(
            _ first: ASCIIBits?, _ second: ASCIIBits?, _ operation: (UInt64, UInt64) -> UInt64
        ) -> ASCIIBits? {
            guard let first, let second else { return nil }
            return ASCIIBits(low: operation(first.low, second.low), high: operation(first.high, second.high))
        }

        /// Whether the set holds an ASCII value (below 128).
        func contains(_ value: UInt32) -> Bool {
            value < 64 ? low & (1 << UInt64(value)) != 0 : high & (1 << UInt64(value - 64)) != 0
        }
    }

    private let storage: Storage
    /// The set's ASCII scalars, worked out once when the set is made, so checking an ASCII scalar is one bit
    /// test however the set was combined (a username's characters, for a union of categories and "._-", took a
    /// walk of the union and a category look-up each); `nil` when a predicate is part of the set.
    private let asciiMembers: ASCIIBits?

    /// A set of one kind (not a combination), with its ASCII members worked out by asking it about each; none for
    /// a predicate, which may be costly or impure, so it is called only for the scalars checked.
    private init(_ storage: Storage) {
        var members: ASCIIBits?
        if case .predicate = storage {
            members = nil
        } else {
            var bits = ASCIIBits()
            for value in UInt32(0)..<128 where storage.contains(Unicode.Scalar(UInt8(value))) {
                bits.insert(value)
            }
            members = bits
        }
        self.init(storage, asciiMembers: members)
    }

    private init(_ storage: Storage, asciiMembers: ASCIIBits?) {
        self.storage = storage
        self.asciiMembers = asciiMembers
    }

    /// Creates the set of the scalars of a text, such as `ScalarSet("._-")`.
    ///
    /// - Parameter scalars: Every scalar of this text is in the set; nothing else is.
    public init(_ scalars: String) {
        guard scalars.unicodeScalars.allSatisfy(\.isASCII) else {
            self.init(.scalars(Set(scalars.unicodeScalars)))
            return
        }
        var members = ASCIIBits()
        for scalar in scalars.unicodeScalars { members.insert(scalar.value) }
        self.init(.ascii(members), asciiMembers: members)
    }

    /// Creates the set of a range of scalars, such as `ScalarSet("a"..."z")`.
    ///
    /// - Parameter range: The scalars in the set.
    public init(_ range: ClosedRange<Unicode.Scalar>) {
        self.init(.range(range.lowerBound.value...range.upperBound.value))
    }

    /// Creates a set from a predicate.
    ///
    /// - Parameter contains: Tells whether a scalar is in the set; called for every scalar checked.
    public init(_ contains: @escaping @Sendable (Unicode.Scalar) -> Bool) {
        self.init(.predicate(contains))
    }

    /// Tells whether a scalar is in the set.
    ///
    /// - Parameter scalar: The scalar to look for.
    /// - Returns: `true` when the set contains it.
    public func contains(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII, let asciiMembers { return asciiMembers.contains(scalar.value) }
        return storage.contains(scalar)
    }

    /// The scalars in this set or in another.
    ///
    /// - Parameter other: The set to add.
    /// - Returns: The union.
    public func union(_ other: ScalarSet) -> ScalarSet {
        ScalarSet(.union(storage, other.storage), asciiMembers: .combining(asciiMembers, other.asciiMembers, |))
    }

    /// The scalars in this set and not in another.
    ///
    /// - Parameter other: The set to remove.
    /// - Returns: The difference.
    public func subtracting(_ other: ScalarSet) -> ScalarSet {
        ScalarSet(
            .subtracting(storage, other.storage),
            asciiMembers: .combining(asciiMembers, other.asciiMembers) { $0 & ~$1 })
    }

    /// Every scalar not in this set.
    public var inverted: ScalarSet {
        ScalarSet(.inverted(storage), asciiMembers: asciiMembers.map { ASCIIBits(low: ~$0.low, high: ~$0.high) })
    }
}

// MARK: - Ready-made sets

extension ScalarSet {
    /// Letters of every script (Unicode categories L*) and the marks that combine with them (M*), so "é" passes
    /// in NFC and in NFD.
    public static let letters = ScalarSet(.categories(letterBits | markBits))

    /// Lowercase letters (Unicode category Ll).
    public static let lowercaseLetters = ScalarSet(.categories(bit(for: .lowercaseLetter)))

    /// Uppercase and title-case letters (Unicode categories Lu and Lt).
    public static let uppercaseLetters = ScalarSet(.categories(bit(for: .uppercaseLetter) | bit(for: .titlecaseLetter)))

    /// Decimal digits of every script (Unicode category Nd): "0"–"9", "٣", "３"; use ``asciiDigits`` for 0–9 only.
    public static let digits = ScalarSet(.categories(bit(for: .decimalNumber)))

    /// The ASCII digits "0" to "9".
    public static let asciiDigits = ScalarSet(.range(0x30...0x39))

    /// Letters, marks and numbers (Unicode categories L*, M* and N*), as Foundation's `alphanumerics`.
    public static let alphanumerics = ScalarSet(.categories(letterBits | markBits | numberBits))

    /// The ASCII scalars, U+0000 to U+007F.
    public static let ascii = ScalarSet(.range(0x00...0x7F))

    /// Whitespace and line breaks (the Unicode `White_Space` property): space, tab, newline, no-break space,
    /// the ideographic space, and the rest.
    public static let whitespace = ScalarSet(.whitespace)

    /// Control characters (Unicode category Cc): C0 and C1 controls, NUL, escape and delete. Unlike Foundation's
    /// `controlCharacters`, not format characters such as the zero-width joiner inside emoji sequences.
    public static let controlCharacters = ScalarSet(.categories(bit(for: .control)))

    /// Invisible format characters (Unicode category Cf): the zero-width space U+200B, the soft hyphen, the
    /// bidirectional marks and isolates (U+200E, U+202E, U+2066…), the byte-order mark, the zero-width joiner and
    /// non-joiner. They change how text looks or reads without being seen, so two names can look the same: a name
    /// rule refuses them with `allowedCharacters(ScalarSet.formatCharacters.inverted)`.
    public static let formatCharacters = ScalarSet(.categories(bit(for: .format)))

    private static let letterBits =
        bit(for: .uppercaseLetter) | bit(for: .lowercaseLetter) | bit(for: .titlecaseLetter)
        | bit(for: .modifierLetter) | bit(for: .otherLetter)
    private static let markBits = bit(for: .nonspacingMark) | bit(for: .spacingMark) | bit(for: .enclosingMark)
    private static let numberBits = bit(for: .decimalNumber) | bit(for: .letterNumber) | bit(for: .otherNumber)

    /// The bit of a scalar's general category; for ASCII from a table, without the standard library's Unicode
    /// data look-up (most text checked is ASCII, a username's every character).
    private static func categoryBit(of scalar: Unicode.Scalar) -> UInt32 {
        if scalar.isASCII { return asciiCategoryBits[Int(scalar.value)] }
        return bit(for: scalar.properties.generalCategory)
    }

    /// The category bits of the 128 ASCII scalars, from the standard library's Unicode data.
    private static let asciiCategoryBits: [UInt32] = (0..<128).map { value in
        bit(for: Unicode.Scalar(UInt8(value)).properties.generalCategory)
    }

    /// One bit per general category.
    private static func bit(for category: Unicode.GeneralCategory) -> UInt32 {
        let position: UInt32 =
            switch category {
            case .uppercaseLetter: 0
            case .lowercaseLetter: 1
            case .titlecaseLetter: 2
            case .modifierLetter: 3
            case .otherLetter: 4
            case .nonspacingMark: 5
            case .spacingMark: 6
            case .enclosingMark: 7
            case .decimalNumber: 8
            case .letterNumber: 9
            case .otherNumber: 10
            case .connectorPunctuation: 11
            case .dashPunctuation: 12
            case .openPunctuation: 13
            case .closePunctuation: 14
            case .initialPunctuation: 15
            case .finalPunctuation: 16
            case .otherPunctuation: 17
            case .mathSymbol: 18
            case .currencySymbol: 19
            case .modifierSymbol: 20
            case .otherSymbol: 21
            case .spaceSeparator: 22
            case .lineSeparator: 23
            case .paragraphSeparator: 24
            case .control: 25
            case .format: 26
            case .surrogate: 27
            case .privateUse: 28
            case .unassigned: 29
            @unknown default: 30
            }
        return 1 << position
    }
}
