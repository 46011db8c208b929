#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// The text of a hidden line (a password), kept so that its bytes can be overwritten once it is no longer needed.
///
/// A `String` of up to 15 UTF-8 bytes normally keeps them inside the `String` value itself, so every copy of the
/// value (in a task's frame, a ViewModel's field, an array) is another copy of the bytes, which nothing can find
/// again to overwrite. A string made by ``make(utf8:)`` keeps its bytes in one heap buffer of its own, whatever
/// its length, and every copy of the value refers to that buffer: ``overwrite(_:)-(String)`` then reaches every copy
/// once. Operations that make a new string from it (`+`, `lowercased()`, `String(text.prefix(3))`) make another
/// copy of the bytes, which this does not reach: code that handles a secret avoids them.
public enum SecretText {
    /// A string of the given UTF-8 bytes in heap storage of its own, never inline, and locked in memory (`mlock`,
    /// where the system allows it) so the bytes are not written to swap.
    ///
    /// - Parameter bytes: The text's bytes; they must be valid UTF-8 (invalid sequences would be repaired, in a
    ///   copy this could not overwrite).
    /// - Returns: The string.
    public static func make(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        // A capacity above the 15 bytes a small string holds: the standard library then allocates native storage
        // and keeps it, whatever the count.
        let text = String(unsafeUninitializedCapacity: max(bytes.count, 16)) { buffer in
            guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return 0 }
            target.update(from: source, count: bytes.count)
            return bytes.count
        }
        withBytes(of: text) { base, count in _ = mlock(base, count) }
        return text
    }

    /// Overwrites a string's bytes with zeros, in place, for every copy of it, and unlocks its memory: call it
    /// once the secret is no longer needed, for a string ``make(utf8:)`` made. The copies then read as NUL
    /// characters, as many as the secret had bytes.
    ///
    /// - Parameter text: The string.
    public static func overwrite(_ text: String) {
        withBytes(of: text) { base, count in
            guard count > 0 else { return }
            #if canImport(Glibc)
                explicit_bzero(base, count)
            #else
                _ = memset_s(base, count, 0, count)
            #endif
            _ = munlock(base, count)
        }
    }

    /// Overwrites bytes with zeros, in a way the compiler cannot leave out (`explicit_bzero`).
    ///
    /// - Parameter bytes: The bytes.
    public static func overwrite(_ bytes: UnsafeMutableRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        #if canImport(Glibc)
            explicit_bzero(base, bytes.count)
        #else
            _ = memset_s(base, bytes.count, 0, bytes.count)
        #endif
    }

    /// Calls `body` with where a string's bytes are: its own storage for a string ``make(utf8:)`` made (a copy
    /// of the value refers to the same storage), a temporary copy for an inline one.
    private static func withBytes(of text: String, _ body: (UnsafeMutableRawPointer, Int) -> Void) {
        var text = text
        text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return }
            body(UnsafeMutableRawPointer(mutating: base), buffer.count)
        }
    }
}
