/// When two account names are the same name, for creating accounts: `victim@example.com`,
/// `Victim@Example.com` and `VICTIM@example.COM` are one name, and so are the two Unicode forms of `José`, and
/// `ａｌｉｃｅ01` (fullwidth letters) and `alice01`.
///
/// Two names are the same when they are equal once folded: Unicode's compatibility forms set aside, as
/// Normalization Form KC does (fullwidth and halfwidth forms, ligatures such as `ﬁ`, circled, superscript and
/// mathematical letters and digits: `ａ`, `ⓐ`, `𝐚` are `a`, `²` is `2`), then letter case (each upper-cased, then
/// lower-cased: Unicode's full case mappings, so `ß` is `SS` is `ss`, the Kelvin sign `K` is `k`, and a final `ς`
/// is `σ`), and compared as Swift compares strings (canonically equivalent forms, NFC and NFD, are equal).
/// Combining marks are put in canonical order, and a letter that holds the iota subscript (`ᾳ`) decomposed, before
/// case is set aside: the subscript's upper case is a letter, `Ι`, and a mark written after it belongs to the letter
/// before it. This is Unicode's compatibility caseless match
/// (D146 in chapter 3 of the standard, NFKD with case folding), from the compatibility decompositions of Unicode 14
/// (``CompatibilityForms``). `login add-user` and the sign-up screen refuse a new name
/// that is the same as an existing one; signing in still takes the name as it was written (in either canonical
/// Unicode form), as login(1) does.
///
/// Names that only look alike across scripts (a Cyrillic `а` for a Latin `a`) are not the same by this rule: the
/// login form's name rule allows letters of any script, and telling such confusables apart is Unicode's UTS #39,
/// which this package does not implement.
public enum AccountNameFolding {
    /// The name folded: equal keys (compared with `==`), the same name.
    ///
    /// - Parameter name: A name.
    /// - Returns: Its key: its compatibility forms decomposed, its letter case set aside.
    ///
    /// Compatibility forms are decomposed once, before case is set aside, and not again after it: no case mapping
    /// makes one (for every scalar, upper-casing then lower-casing one the table does not decompose gives none that
    /// it does; `AccountNameFoldingTests` checks it against the runtime's case mappings), so the key is closed, as
    /// NFKC_Casefold is.
    public static func key(_ name: String) -> String {
        canonicallyOrdered(compatibilityDecomposed(name)).uppercased().lowercased()
    }

    /// Whether two names are the same name.
    ///
    /// - Parameters:
    ///   - first: A name.
    ///   - second: Another name.
    /// - Returns: `true` when their keys are equal.
    public static func isSameName(_ first: String, _ second: String) -> Bool {
        first == second || key(first) == key(second)
    }

    /// Whether two names given as UTF-8 bytes are the same name: for two ASCII names, their bytes compared without
    /// ASCII case (no `String` made); otherwise ``isSameName(_:_:)``.
    static func isSameName(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        let isASCII = !first.contains { $0 >= 0x80 } && !second.contains { $0 >= 0x80 }
        guard isASCII else {
            return isSameName(String(decoding: first, as: UTF8.self), String(decoding: second, as: UTF8.self))
        }
        guard first.count == second.count else { return false }
        for index in first.indices where asciiLowercase(first[index]) != asciiLowercase(second[index]) {
            return false
        }
        return true
    }

    /// The text with each scalar that has a compatibility decomposition replaced by it (``CompatibilityForms``):
    /// canonically equivalent to the text's NFKD, so equal (`==`) exactly when the NFKC forms are.
    static func compatibilityDecomposed(_ text: String) -> String {
        let table = CompatibilityForms.decompositions
        guard text.unicodeScalars.contains(where: { table[$0.value] != nil }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let decomposition = table[scalar.value] {
                scalars.append(contentsOf: decomposition)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// The text with each run of combining marks in canonical order (Unicode's Canonical Ordering Algorithm: a
    /// stable sort by combining class), which is canonically equivalent. Case mapping reads scalars in the order they
    /// are stored, and one mark's case mapping is a letter: the iota subscript (U+0345, class 240, `Ι` upper-cased).
    /// Written after a dot below (class 220), the dot belongs to the letter before both, and must stay there once
    /// the subscript has become `ι`: `s` U+0345 U+0323 folds as `ṣι`, as NFKC folds it.
    static func canonicallyOrdered(_ text: String) -> String {
        // Most names have no mark out of order: looked at without allocating, and returned as they are.
        var previous: UInt8 = 0
        let isOrdered = text.unicodeScalars.allSatisfy { scalar in
            let current = scalar.properties.canonicalCombiningClass.rawValue
            defer { previous = current }
            return current == 0 || current >= previous
        }
        guard !isOrdered else { return text }
        let classes = text.unicodeScalars.map { $0.properties.canonicalCombiningClass.rawValue }
        var scalars = Array(text.unicodeScalars)
        var start = 0
        while start < scalars.count {
            guard classes[start] != 0 else {
                start += 1
                continue
            }
            var end = start
            while end < scalars.count, classes[end] != 0 { end += 1 }
            // Stable: marks of one class keep their order.
            let run = (start..<end).sorted { (classes[$0], $0) < (classes[$1], $1) }.map { scalars[$0] }
            scalars.replaceSubrange(start..<end, with: run)
            start = end
        }
        return String(String.UnicodeScalarView(scalars))
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
