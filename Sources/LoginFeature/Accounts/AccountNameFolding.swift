/// When two account names are the same name, for creating accounts: `victim@example.com`,
/// `Victim@Example.com` and `VICTIM@example.COM` are one name, and so are the two Unicode forms of `José`, and
/// `ａｌｉｃｅ01` (fullwidth letters) and `alice01`.
///
/// Two names are the same when they are equal once folded: Unicode's compatibility forms set aside, as
/// Normalization Form KC does (fullwidth and halfwidth forms, ligatures such as `ﬁ`, circled, superscript and
/// mathematical letters and digits: `ａ`, `ⓐ`, `𝐚` are `a`, `²` is `2`), then letter case (each upper-cased, then
/// lower-cased: Unicode's full case mappings, so `ß` is `SS` is `ss`, the Kelvin sign `K` is `k`, and a final `ς`
/// is `σ`), then compatibility forms again (a case mapping can make one), and compared as Swift compares strings
/// (canonically equivalent forms, NFC and NFD, are equal). This is NFKC with case folding, as Unicode's
/// `NFKC_Casefold` and the identifier profiles of PRECIS (RFC 8264) have it, from the compatibility
/// decompositions of Unicode 14 (``CompatibilityForms``). `login add-user` and the sign-up screen refuse a new name
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
    public static func key(_ name: String) -> String {
        compatibilityDecomposed(compatibilityDecomposed(name).uppercased().lowercased())
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

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
