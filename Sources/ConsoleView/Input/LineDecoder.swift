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
    /// Whether the lines are secrets (a hidden prompt's): see ``init(holdingSecrets:)``.
    @usableFromInline var holdsSecrets = false

    /// Creates a decoder with no pending bytes.
    public init() {}

    /// Creates a decoder for secret lines, a hidden prompt's, or for other lines.
    ///
    /// A secret line's text is a ``SecretText`` string (its bytes in storage of its own, which can be overwritten),
    /// and the decoder's own bytes of a line are overwritten as soon as the line is cut, refused or dropped. Its
    /// buffer has room for the longest line from the start, so it never moves to a larger one (which would leave
    /// a copy of the bytes behind in the memory it gave up).
    ///
    /// - Parameter holdingSecrets: Whether the lines are secrets.
    public init(holdingSecrets: Bool) {
        holdsSecrets = holdingSecrets
        if holdingSecrets { current.reserveCapacity(Self.maximumLineBytes + 1) }
    }

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
                if isSkipping {
                    finished.append(Self.tooLong)
                } else {
                    finished.append(holdsSecrets ? Self.decodeSecret(current) : Self.decode(current))
                }
                isSkipping = false
                if holdsSecrets { Self.overwrite(&current) }
                current.removeAll(keepingCapacity: true)
            } else if !isSkipping {
                current.append(byte)
                if current.count > Self.maximumLineBytes {
                    if holdsSecrets { Self.overwrite(&current) }
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
        Self.overwrite(&current)
        current.removeAll(keepingCapacity: holdsSecrets)
        isSkipping = false
        return .endOfInput
    }

    /// Drops what is kept: the bytes of an unfinished line, overwritten first, and the lines not taken yet (a
    /// secret line's text overwritten too), as after a prompt that timed out.
    public mutating func wipe() {
        Self.overwrite(&current)
        current.removeAll(keepingCapacity: holdsSecrets)
        isSkipping = false
        if holdsSecrets {
            for case .line(let text) in finished[taken...] { SecretText.overwrite(text) }
        }
        finished.removeAll()
        taken = 0
    }

    /// Overwrites the bytes of a line with zeros, where the compiler cannot leave it out.
    @usableFromInline static func overwrite(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { SecretText.overwrite($0) }
    }

    /// A secret line's text (``SecretText/make(utf8:)``), or a refusal when the bytes are not UTF-8: checked
    /// without making a `String`, since a text of up to 15 bytes would be kept inline, in copies no one can reach.
    @usableFromInline static func decodeSecret(_ bytes: [UInt8]) -> LineInput {
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break decoding
            case .error: return .rejected(.invalidUTF8)
            }
        }
        return .line(bytes.withUnsafeBufferPointer(SecretText.make(utf8:)))
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
