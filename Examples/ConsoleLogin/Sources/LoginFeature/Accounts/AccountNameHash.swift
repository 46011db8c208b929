/// The hash ``AccountNameIndex`` files names under: SipHash-1-3, the function Swift's `Hasher` runs, over a
/// name's bytes in one call, with a key drawn once per process from `Hasher` (so it is as unpredictable as
/// `Hasher`'s seed, and fixed when `SWIFT_DETERMINISTIC_HASHING` is set).
///
/// `Hasher` spends most of its work on a short name in buffering the bytes and in calls; this hashes them in one
/// call: an account file of 100,000 entries hashes every name as it is read.
enum AccountNameHash {
    /// The process's key.
    static let key: (UInt64, UInt64) = {
        var first = Hasher()
        first.combine(0x6163_636f_756e_7473 as UInt64)  // "accounts"
        var second = Hasher()
        second.combine(0x6e61_6d65_696e_6478 as UInt64)  // "nameindx"
        return (UInt64(UInt(bitPattern: first.finalize())), UInt64(UInt(bitPattern: second.finalize())))
    }()

    /// SipHash-1-3 of bytes.
    ///
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - key: The key; the process's by default.
    /// - Returns: The 64-bit hash.
    static func hash(_ bytes: UnsafeRawBufferPointer, key: (UInt64, UInt64) = key) -> UInt64 {
        var state = State(key)
        let whole = bytes.count & ~7
        var position = 0
        while position < whole {
            state.compress(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)))
            position &+= 8
        }
        // The last block: the bytes left (fewer than eight, read four, two and one at a time), and the count's low
        // byte at the top.
        var last = UInt64(truncatingIfNeeded: bytes.count) << 56
        var shift: UInt64 = 0
        if bytes.count &- position >= 4 {
            last |= UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)))
            shift = 32
            position &+= 4
        }
        if bytes.count &- position >= 2 {
            let pair = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt16.self))
            last |= UInt64(pair) << shift
            shift &+= 16
            position &+= 2
        }
        if position < bytes.count { last |= UInt64(bytes[position]) << shift }
        state.compress(last)
        return state.finalize()
    }

    /// SipHash's four words of state.
    private struct State {
        var v0: UInt64
        var v1: UInt64
        var v2: UInt64
        var v3: UInt64

        init(_ key: (UInt64, UInt64)) {
            v0 = key.0 ^ 0x736f_6d65_7073_6575
            v1 = key.1 ^ 0x646f_7261_6e64_6f6d
            v2 = key.0 ^ 0x6c79_6765_6e65_7261
            v3 = key.1 ^ 0x7465_6462_7974_6573
        }

        /// One message word, with one round (the 1 of SipHash-1-3).
        @inline(__always)
        mutating func compress(_ word: UInt64) {
            v3 ^= word
            round()
            v0 ^= word
        }

        /// The last three rounds (the 3 of SipHash-1-3), and the hash.
        @inline(__always)
        mutating func finalize() -> UInt64 {
            v2 ^= 0xff
            round()
            round()
            round()
            return v0 ^ v1 ^ v2 ^ v3
        }

        @inline(__always)
        private mutating func round() {
            v0 &+= v1
            v1 = v1.rotated(13) ^ v0
            v0 = v0.rotated(32)
            v2 &+= v3
            v3 = v3.rotated(16) ^ v2
            v0 &+= v3
            v3 = v3.rotated(21) ^ v0
            v2 &+= v1
            v1 = v1.rotated(17) ^ v2
            v2 = v2.rotated(32)
        }
    }
}

extension UInt64 {
    /// The bits rotated left.
    @inline(__always)
    fileprivate func rotated(_ count: UInt64) -> UInt64 {
        self << count | self >> (64 &- count)
    }
}
