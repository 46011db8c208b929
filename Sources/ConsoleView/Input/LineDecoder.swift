/// Cuts a byte stream into lines, refusing lines that are too long or not UTF-8 instead of shortening them.
///
/// Feed it bytes as they arrive with ``append(_:)`` and take lines with ``nextLine(atEndOfInput:)``. Memory stays
/// bounded: a line over the limit is skipped to its end without being kept. Only `\n` ends a line; a `\r` before it
/// is part of the line. A line is what Enter ends: bytes without a line break when the input ends are dropped, never
/// taken as a line, so `cancel 1` typed at a terminal and left with Ctrl-D (which hands the typed bytes over without
/// Enter, and a second Ctrl-D ends the input) is not run, and a password left so is not used.
public struct LineDecoder: Sendable {
    /// The longest line accepted, in bytes, without its line break: 1024.
    ///
    /// A Linux terminal in line mode keeps at most 4095 bytes of a line and silently drops the rest; a limit well
    /// below that means a line the terminal cut is always refused here rather than used cut.
    public static let maximumLineBytes = 1024

    /// Lines cut but not yet taken, from `taken` on; taking one moves `taken` instead of shifting the rest, so
    /// taking every line of a read costs the same per line however many it held.
    @usableFromInline var finished: [LineInput] = []
    /// How many lines at the front of `finished` were already taken.
    @usableFromInline var taken = 0
    @usableFromInline var current: [UInt8] = []
    /// Whether the current line is already over the limit and being skipped to its end.
    @usableFromInline var isSkipping = false

    /// Creates a decoder with no pending bytes.
    public init() {}

    /// Adds bytes read from the input.
    ///
    /// - Parameter bytes: The bytes, in order; they may hold any number of lines or part of one.
    @inlinable
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        if taken > 0, taken * 2 >= finished.count {  // drop the lines already taken, when they are half the queue
            finished.removeFirst(taken)
            taken = 0
        }
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                finished.append(isSkipping ? Self.tooLong : Self.decode(current))
                isSkipping = false
                current.removeAll(keepingCapacity: true)
            } else if !isSkipping {
                current.append(byte)
                if current.count > Self.maximumLineBytes {
                    current.removeAll(keepingCapacity: true)
                    isSkipping = true
                }
            }
        }
    }

    /// Takes the next complete line.
    ///
    /// - Parameter atEndOfInput: Whether the input has ended: the complete lines left are taken first, then
    ///   whatever follows the last line break is dropped and the end comes.
    /// - Returns: The next line or rejection; ``LineInput/endOfInput`` when the input ended and no complete line is
    ///   left; `nil` when more bytes are needed.
    public mutating func nextLine(atEndOfInput: Bool) -> LineInput? {
        if taken < finished.count {
            let line = finished[taken]
            taken += 1
            if taken == finished.count {
                finished.removeAll(keepingCapacity: true)
                taken = 0
            }
            return line
        }
        guard atEndOfInput else { return nil }
        // An unfinished line is dropped, bytes and all (its bytes overwritten first: it may be part of a password).
        for index in current.indices { current[index] = 0 }
        current.removeAll()
        isSkipping = false
        return .endOfInput
    }

    @usableFromInline static let tooLong = LineInput.rejected(.tooLong(maximumBytes: maximumLineBytes))

    /// The line the bytes hold, or a refusal when they are not UTF-8.
    ///
    /// ASCII bytes are UTF-8 as they are. Otherwise: decoding replaces each invalid sequence with U+FFFD, so the
    /// bytes are valid exactly when the text's UTF-8 is the bytes themselves. This answers as
    /// `String(validating:as:)` does at a fraction of its cost, which, generic over the encoding, looks up type
    /// metadata for every line.
    @usableFromInline static func decode(_ bytes: [UInt8]) -> LineInput {
        let text = String(decoding: bytes, as: UTF8.self)
        if bytes.allSatisfy({ $0 < 0x80 }) { return .line(text) }
        guard text.utf8.count == bytes.count, text.utf8.elementsEqual(bytes) else { return .rejected(.invalidUTF8) }
        return .line(text)
    }
}
