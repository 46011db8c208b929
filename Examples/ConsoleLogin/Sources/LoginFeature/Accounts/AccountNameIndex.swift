/// Finds an account file's entries by name: an open-addressing hash table of entry numbers, built while the file
/// is read and shared by the file and ``AccountAuthenticator``.
///
/// It keeps no `String`s. A name's hash is SipHash-1-3 (``AccountNameHash``, keyed per process) over the name's
/// bytes in Unicode Normalization Form C, which for an ASCII name (nearly every name) are its own bytes, so no
/// `String` is made for it; canonically
/// equivalent names, such as "K" and the Kelvin sign "\u{212A}", have the same NFC bytes and find each other, as
/// `String`'s `==` has them equal. Entries whose hashes have the same low 32 bits are compared by their bytes, and
/// as `String`s when the bytes differ.
struct AccountNameIndex: Sendable {
    /// Per slot: the low 32 bits of its name's hash, above the entry's number plus one; 0 for an empty slot.
    /// (A slot's place comes from the same low bits, so the index can grow without hashing the names again.)
    private var slots: [UInt64]
    /// The number of entries.
    private(set) var count = 0

    /// Creates an index with room for about `expectedCount` entries before it grows.
    init(expectedCount: Int) {
        var capacity = 16
        while capacity < expectedCount * 2 { capacity <<= 1 }
        slots = Array(repeating: 0, count: capacity)
    }

    /// The hash the index uses for a name.
    ///
    /// - Parameters:
    ///   - name: The name's UTF-8 bytes.
    ///   - isASCII: Whether every byte is below 0x80 (the reader knows it already).
    ///   - key: ``AccountNameHash/key``, read once by a caller that hashes many names.
    static func hash(
        of name: UnsafeBufferPointer<UInt8>, isASCII: Bool, key: (UInt64, UInt64) = AccountNameHash.key
    ) -> Int {
        if isASCII {  // ASCII text is its own NFC
            return Int(truncatingIfNeeded: AccountNameHash.hash(UnsafeRawBufferPointer(name), key: key))
        }
        return String(decoding: name, as: UTF8.self)._nfcCodeUnits.withUnsafeBytes {
            Int(truncatingIfNeeded: AccountNameHash.hash($0, key: key))
        }
    }

    /// The hash the index uses for a name, for a name not known to be ASCII.
    static func hash(of name: UnsafeBufferPointer<UInt8>) -> Int {
        hash(of: name, isASCII: !name.contains { $0 >= 0x80 })
    }

    /// Finds the entry with a name.
    ///
    /// - Parameters:
    ///   - name: The name's UTF-8 bytes.
    ///   - hash: ``hash(of:)`` of the name.
    ///   - nameOfEntry: The bytes of an entry's name, by entry number.
    /// - Returns: The entry's number, or `nil`.
    func entry(
        named name: UnsafeBufferPointer<UInt8>, hash: Int,
        nameOfEntry: (Int) -> UnsafeBufferPointer<UInt8>
    ) -> Int? {
        probe(name, hash: hash, nameOfEntry: nameOfEntry).entry
    }

    /// Adds an entry whose name is not in the index yet (the entries of a smaller index, as it grows).
    private mutating func insert(entry: Int, hash: Int) {
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Self.slot(entry: entry, hash: hash)
        count += 1
    }

    /// Adds an entry unless the index has one with an equal name, in one search.
    ///
    /// - Parameters:
    ///   - entry: The new entry's number.
    ///   - name: Its name's UTF-8 bytes.
    ///   - hash: ``hash(of:)`` of the name.
    ///   - nameOfEntry: The bytes of an entry's name, by entry number.
    /// - Returns: `nil` when the entry was added, or the number of the entry with an equal name (nothing added).
    mutating func insert(
        entry: Int, named name: UnsafeBufferPointer<UInt8>, hash: Int,
        nameOfEntry: (Int) -> UnsafeBufferPointer<UInt8>
    ) -> Int? {
        if (count + 1) * 2 > slots.count { grow() }
        let (slot, other) = probe(name, hash: hash, nameOfEntry: nameOfEntry)
        if let other { return other }
        slots[slot] = Self.slot(entry: entry, hash: hash)
        count += 1
        return nil
    }

    /// Walks the slots from the name's hash: the entry with an equal name, or, when there is none, the empty slot
    /// where the search ended (where the name would go).
    private func probe(
        _ name: UnsafeBufferPointer<UInt8>, hash: Int, nameOfEntry: (Int) -> UnsafeBufferPointer<UInt8>
    ) -> (slot: Int, entry: Int?) {
        let mask = slots.count - 1
        let tag = Self.tag(of: hash)
        var slot = hash & mask
        while slots[slot] != 0 {
            let entry = Self.entry(in: slots[slot])
            if slots[slot] >> 32 == tag, Self.namesMatch(name, nameOfEntry(entry)) { return (slot, entry) }
            slot = (slot + 1) & mask
        }
        return (slot, nil)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        count = 0
        for slot in old where slot != 0 {
            insert(entry: Self.entry(in: slot), hash: Int(truncatingIfNeeded: slot >> 32))
        }
    }

    // A slot's value: the hash's tag in the high 32 bits, the entry's number plus one in the low 32.

    /// The low 32 bits of a name's hash, kept in its slot.
    private static func tag(of hash: Int) -> UInt64 {
        UInt64(UInt32(truncatingIfNeeded: hash))
    }

    /// The value of a slot that holds an entry.
    private static func slot(entry: Int, hash: Int) -> UInt64 {
        tag(of: hash) << 32 | UInt64(entry + 1)
    }

    /// The entry a slot holds.
    private static func entry(in slot: UInt64) -> Int {
        Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
    }

    /// Whether two names are equal as Swift compares strings: equal bytes, or canonically equivalent text.
    private static func namesMatch(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        if a.elementsEqual(b) { return true }
        return String(decoding: a, as: UTF8.self) == String(decoding: b, as: UTF8.self)
    }
}
