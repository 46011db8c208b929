internal import Foundation

/// Compares one stored property of two outputs snapshots where it lies, at its byte offset in each: first its
/// bytes (the same bytes are the same value), and only when they differ with its own type's `==`, opened once
/// when the outputs type is taken apart.
///
/// The tester's independent change detection compares every stored output after every input: reading a property
/// through a key path calls into the runtime and looks up generic metadata each time, this is a load or two.
/// Bytes that differ never mean "changed" by themselves: two equal strings in different buffers, or two values
/// that differ only in unused bits, are still compared with `==`. The same bytes are the same value, even where the
/// type's `==` says otherwise (a NaN is equal to nothing, itself included): ``isEqualByItsOwnEquality(_:_:)`` asks
/// `==` alone, for a reload that names such a property.
struct InPlaceComparison {
    /// Where the property starts in a snapshot, in bytes.
    let offset: Int
    /// How many bytes it takes.
    let size: Int
    private let valuesAreEqual: (UnsafeRawPointer, UnsafeRawPointer) -> Bool

    /// The comparison of a property of type `Value` stored at `offset`.
    ///
    /// - Parameters:
    ///   - type: The property's type, opened from the outputs type's reflection.
    ///   - offset: The property's offset in the snapshot, from `MemoryLayout.offset(of:)`.
    init<Value: Equatable>(_ type: Value.Type, at offset: Int) {
        self.offset = offset
        size = MemoryLayout<Value>.size
        valuesAreEqual = { old, new in
            (old + offset).assumingMemoryBound(to: Value.self).pointee
                == (new + offset).assumingMemoryBound(to: Value.self).pointee
        }
    }

    /// Whether the property has the same value in two snapshots.
    ///
    /// - Parameters:
    ///   - old: The start of one snapshot.
    ///   - new: The start of the other.
    /// - Returns: `true` when its bytes, or else its values, are equal.
    func isEqual(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
        Self.bytesAreEqual(old + offset, new + offset, count: size) || valuesAreEqual(old, new)
    }

    /// Whether the property's own `==` says its values in two snapshots are equal, whatever their bytes: `false`
    /// for a NaN and itself.
    ///
    /// - Parameters:
    ///   - old: The start of one snapshot.
    ///   - new: The start of the other.
    /// - Returns: What `==` says.
    func isEqualByItsOwnEquality(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
        valuesAreEqual(old, new)
    }

    /// Whether `count` bytes at two addresses are the same: the C library's `memcmp`, which a test built without
    /// optimisation runs as fast as an optimised one.
    ///
    /// - Parameters:
    ///   - lhs: The first bytes.
    ///   - rhs: The other bytes.
    ///   - count: How many bytes to compare.
    /// - Returns: `true` when every byte is equal.
    static func bytesAreEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(lhs, rhs, count) == 0
    }
}
