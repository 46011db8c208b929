/// Text read from bytes that must be UTF-8, refused rather than repaired: for files and input the login reads.
///
/// The standard library's `String(validating:as:)` and `UTF8Span` need macOS 15 / iOS 18 and macOS 26 / iOS 26,
/// above the package's floor (macOS 13, iOS 16), and Swift 6.2: where they exist `UTF8Span` checks the bytes
/// (vectorised, without a copy); elsewhere the bytes are decoded, and refused if decoding had to replace any of them.
package enum UTF8Text {
    /// Whether `bytes` are well-formed UTF-8.
    ///
    /// - Parameter bytes: The bytes.
    /// - Returns: `false` for any byte sequence UTF-8 does not allow (a lone continuation byte, an overlong form, a
    ///   surrogate, a truncated sequence).
    package static func isValid(_ bytes: [UInt8]) -> Bool {
        // `UTF8Span` and `Array.span` came with Swift 6.2; the package's tools version is 6.0.
        #if compiler(>=6.2)
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                return (try? UTF8Span(validating: bytes.span)) != nil
            }
        #endif
        return string(validating: bytes) != nil
    }

    /// Whether `bytes` are well-formed UTF-8, decided without making a `String` of them: for a secret, whose text
    /// must not be copied into a string no one can overwrite.
    ///
    /// - Parameter bytes: The bytes.
    /// - Returns: `false` for any byte sequence UTF-8 does not allow.
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// The text of `bytes`, or `nil` when they are not well-formed UTF-8.
    ///
    /// - Parameter bytes: The bytes.
    /// - Returns: The text, exactly those bytes.
    package static func string(validating bytes: some Collection<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}
