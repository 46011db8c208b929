internal import ConsoleView

/// The line decoder's rules written as plainly as possible, over a whole stream at once: split on `\n`; a last
/// piece without one is dropped (a line is what Enter ends); a line over ``LineDecoder/maximumLineBytes`` is refused
/// as too long, one that is not UTF-8 as such; then the end of input.
enum ReferenceLineDecoder {
    /// Every line of a stream, then the end of input.
    ///
    /// - Parameter stream: All the bytes.
    /// - Returns: What a decoder should hand out, in order, ending with ``LineInput/endOfInput``.
    static func lines(of stream: [UInt8]) -> [LineInput] {
        var pieces = stream.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        pieces.removeLast()  // what follows the last line break: empty, or a line never ended
        return pieces.map { piece in
            if piece.count > LineDecoder.maximumLineBytes {
                return .rejected(.tooLong(maximumBytes: LineDecoder.maximumLineBytes))
            }
            guard let text = String(validating: piece, as: UTF8.self) else { return .rejected(.invalidUTF8) }
            return .line(text)
        } + [.endOfInput]
    }
}
