/// A running FNV-1a style hash of the values a screen showed, frame after frame.
///
/// It is `@inlinable` so that folding a frame costs the same few instructions in every variant's module.
public struct Checksum: Hashable, Sendable {
    @usableFromInline var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Creates an empty checksum.
    @inlinable
    public init() {}

    /// The hash so far.
    @inlinable
    public var value: UInt64 { state }

    /// Folds one value into the hash.
    ///
    /// - Parameter number: What the screen showed, as a number.
    @inlinable
    public mutating func add(_ number: Int) {
        state = (state ^ UInt64(bitPattern: Int64(number))) &* 0x0000_0100_0000_01b3
    }
}
