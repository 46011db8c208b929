/// Reads values from a fuzzer's bytes, front to back, so a harness can turn any input into a sequence of
/// operations. Once the bytes run out every read returns its smallest value, so every input is a valid program.
package struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    /// Creates a reader over some bytes.
    ///
    /// - Parameter bytes: The fuzzer's input.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes[...]
    }

    /// Whether every byte has been read.
    package var isEmpty: Bool { bytes.isEmpty }

    /// The next byte, or 0 at the end.
    ///
    /// - Returns: The byte.
    package mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    /// A number in a range, from as few bytes as the range needs.
    ///
    /// - Parameter range: The allowed values; its width must fit in `UInt64`.
    /// - Returns: A value in `range`.
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
        var value: UInt64 = 0
        var remaining = width
        while remaining > 0 {
            value = value << 8 | UInt64(byte())
            remaining >>= 8
        }
        let offset = width == .max ? value : value % (width + 1)
        return range.lowerBound &+ Int(truncatingIfNeeded: offset)
    }

    /// A whole `Int`, any of its 2⁶⁴ values.
    ///
    /// - Returns: The number.
    package mutating func anyInt() -> Int {
        int(in: Int.min...Int.max)
    }

    /// A bound for a length rule: mostly small numbers near a short text's length, often the extremes of `Int`.
    ///
    /// - Returns: The bound.
    package mutating func bound() -> Int {
        switch byte() % 8 {
        case 0: [Int.min, Int.min + 1, -1, 0, 1, Int.max - 1, Int.max][int(in: 0...6)]
        case 1: anyInt()
        case 2: -int(in: 0...40)
        default: int(in: 0...40)
        }
    }

    /// A run of bytes whose length comes first.
    ///
    /// - Parameter maximumCount: The most bytes taken.
    /// - Returns: The bytes; fewer when the input ends.
    package mutating func bytes(upTo maximumCount: Int) -> [UInt8] {
        let count = min(int(in: 0...maximumCount), bytes.count)
        defer { bytes.removeFirst(count) }
        return Array(bytes.prefix(count))
    }

    /// A text made of a byte run, invalid UTF-8 repaired.
    ///
    /// - Parameter maximumBytes: The most bytes taken.
    /// - Returns: The text.
    package mutating func text(upTo maximumBytes: Int) -> String {
        String(decoding: bytes(upTo: maximumBytes), as: UTF8.self)
    }

    /// The rest of the input.
    ///
    /// - Returns: The bytes not read yet.
    package mutating func rest() -> [UInt8] {
        defer { bytes = [] }
        return Array(bytes)
    }
}
