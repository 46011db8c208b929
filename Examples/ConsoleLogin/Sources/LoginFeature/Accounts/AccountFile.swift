/// An account file: one `name:hash` entry per line, `#` comments and blank lines, as htpasswd and shadow files
/// have.
///
/// ```
/// # name:crypt(3) hash
/// dimsky:$y$j9T$…
/// ```
///
/// Reading is strict: a malformed line is an error naming its line, never skipped, so a typo cannot silently lock
/// someone out or let an old entry stand. Comments, blank lines and the order of entries are kept exactly when an
/// entry is set, so rewriting the file never loses anything.
public struct AccountFile: Hashable, Sendable {
    /// The largest file read, in bytes: 16 MiB, room for 100,000 entries with 32-character names and sha512crypt
    /// hashes (about 140 bytes a line; a yescrypt line with a 10-character name is about 85).
    public static let maximumBytes = 16 << 20

    /// One line of the file.
    public enum Line: Hashable, Sendable {
        /// A `name:hash` entry.
        case entry(Account)
        /// A comment or a blank line, kept as written.
        case other(String)
    }

    /// What ``setPasswordHash(_:for:)`` did.
    public enum Change: Hashable, Sendable {
        /// A new entry was appended.
        case added
        /// An existing entry got the new hash, in place.
        case replaced
    }

    /// The file's bytes, where every line is, and the index of its names; shared between copies.
    private var storage: Storage

    /// The lines, in file order, made from the file's bytes when read.
    public var lines: [Line] {
        storage.spans.indices.map { storage.line(at: $0) }
    }

    /// Creates an empty file.
    public init() {
        storage = Storage.empty
    }

    /// Reads a file's bytes.
    ///
    /// Reading makes no `String` for an entry: the file keeps its bytes, where each line is, and an index of the
    /// names, and makes an ``Account`` when one is asked for, so a file of 100,000 entries is read quickly (the
    /// Performance article has the figures).
    ///
    /// - Parameter bytes: The file's contents.
    /// - Throws: ``AccountFileError`` for a file over ``maximumBytes``, text that is not UTF-8, or the first
    ///   malformed line.
    public init(bytes: some Collection<UInt8>) throws(AccountFileError) {
        guard bytes.count <= Self.maximumBytes else {
            throw AccountFileError(.tooLarge(maximumBytes: Self.maximumBytes))
        }
        let bytes = Array(bytes)
        guard UTF8Text.isValid(bytes) else { throw AccountFileError(.notUTF8) }
        storage = try Storage.make(bytes: bytes).get()
    }

    /// Reads a file's text.
    ///
    /// - Parameter text: The file's contents.
    /// - Throws: ``AccountFileError`` for the first malformed line, or a name with two entries.
    public init(parsing text: String) throws(AccountFileError) {
        storage = try Storage.make(bytes: Array(text.utf8)).get()
    }

    /// The number of entries.
    public var accountCount: Int {
        storage.entryLines.count
    }

    /// The entries, in file order.
    public var accounts: [Account] {
        storage.entryLines.map { storage.account(atLine: Int($0)) }
    }

    /// The first entry, in file order.
    public var firstAccount: Account? {
        storage.entryLines.first.map { storage.account(atLine: Int($0)) }
    }

    /// The file's text: every line as read, with changed entries in place and new ones at the end, each ending
    /// with a newline.
    public var text: String {
        String(decoding: storage.bytesEndingWithNewline, as: UTF8.self)
    }

    /// Finds an entry.
    ///
    /// - Parameter name: The account name, compared as Swift compares strings (canonically equivalent forms match).
    /// - Returns: The account, or `nil` when the file has none by that name.
    public func account(named name: String) -> Account? {
        storage.entryLine(named: name).map { storage.account(atLine: $0) }
    }

    /// Finds an entry and its position among ``accounts``, for ``AccountAuthenticator``.
    func entry(named name: String) -> (position: Int, account: Account)? {
        storage.entry(named: name).map { ($0, storage.account(atLine: Int(storage.entryLines[$0]))) }
    }

    /// Finds the entry whose name is the same name as `name` once letter case and Unicode forms are set aside
    /// (``AccountNameFolding``): the entry of `name` itself, or one that only looks like it, such as
    /// `Victim@Example.com` for `victim@example.com`. A pass over every name: for adding accounts, not signing in.
    ///
    /// - Parameter name: A name.
    /// - Returns: The entry's account and its 1-based line, or `nil` when no name is the same.
    public func entry(sameNameAs name: String) -> (account: Account, line: Int)? {
        if let line = storage.entryLine(named: name) { return (storage.account(atLine: line), line + 1) }
        var name = name
        let storage = storage
        let line: Int? = name.withUTF8 { name in
            storage.bytes.withUnsafeBufferPointer { bytes in
                for entryLine in storage.entryLines {
                    let span = storage.spans[Int(entryLine)]
                    let entryName = UnsafeBufferPointer(rebasing: bytes[Int(span.start)..<Int(span.colon)])
                    if AccountNameFolding.isSameName(entryName, name) { return Int(entryLine) }
                }
                return nil
            }
        }
        return line.map { (storage.account(atLine: $0), $0 + 1) }
    }

    /// Whether a stored hash locks its account, as shadow(5) has it: `*`, `!`, or any hash starting with `!` (a
    /// password locked by `passwd -l`) or `*`. Such an entry signs in with no password, and is not an error.
    ///
    /// - Parameter hash: The hash's UTF-8 bytes.
    /// - Returns: Whether it starts with `!` or `*`.
    public static func isLockedHash(_ hash: some Collection<UInt8>) -> Bool {
        hash.first == UInt8(ascii: "!") || hash.first == UInt8(ascii: "*")
    }

    /// Calls `body` with every entry's position among ``accounts``, 1-based line and hash bytes, in file order.
    func forEachHash(
        ofEntries entries: Range<Int>,
        _ body: (_ position: Int, _ line: Int, _ hash: UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let storage = storage
        storage.bytes.withUnsafeBufferPointer { bytes in
            for entry in entries {
                let line = Int(storage.entryLines[entry])
                let span = storage.spans[line]
                body(entry, line + 1, UnsafeBufferPointer(rebasing: bytes[Int(span.colon + 1)..<Int(span.end)]))
            }
        }
    }

    /// Sets an account's password hash, replacing its entry in place or appending a new one.
    ///
    /// - Parameters:
    ///   - hash: The new hash, made by a ``PasswordHasher``.
    ///   - name: The account name.
    /// - Returns: Whether the entry was added or replaced.
    /// - Throws: ``AccountFileError`` (with no line) when the name or the hash cannot be written, or when the file
    ///   would grow past ``maximumBytes``, which no reader would read (then nothing is changed).
    @discardableResult
    public mutating func setPasswordHash(_ hash: String, for name: String) throws(AccountFileError) -> Change {
        try Self.checkName(name)
        try Self.checkHashCharacters(hash)
        var bytes: [UInt8]
        let change: Change
        if let line = storage.entryLine(named: name) {
            let span = storage.spans[line]
            bytes = Array(storage.bytes[..<Int(span.colon + 1)])
            bytes += hash.utf8
            bytes += storage.bytes[Int(span.end)...]
            change = .replaced
        } else {
            bytes = storage.bytesEndingWithNewline
            bytes += name.utf8
            bytes.append(UInt8(ascii: ":"))
            bytes += hash.utf8
            bytes.append(UInt8(ascii: "\n"))
            change = .added
        }
        guard bytes.count <= Self.maximumBytes else {
            throw AccountFileError(.tooLarge(maximumBytes: Self.maximumBytes))
        }
        // The name and the hash were checked, and the other lines were read before: this reading succeeds.
        storage = try Storage.make(bytes: bytes).get()
        return change
    }

    /// Checks every hash with a hasher, so an unusable one is reported with its line when the file is read.
    /// Locked entries (``isLockedHash(_:)``) are not errors and are skipped. ``AccountHashes`` reports every
    /// problem, not the first.
    ///
    /// - Parameter hasher: The hasher that will verify passwords.
    /// - Throws: ``AccountFileError`` with ``AccountFileError/Reason/unusableHash(_:)`` for the first hash the
    ///   hasher does not accept.
    public func checkHashes(with hasher: some PasswordHasher) throws(AccountFileError) {
        try checkHashes(ofEntries: 0..<accountCount, with: hasher)
    }

    /// Checks the hashes of some entries with a hasher, so the checks of a large file can be split across tasks.
    ///
    /// - Parameters:
    ///   - entries: The entries' positions among ``accounts``.
    ///   - hasher: The hasher that will verify passwords.
    /// - Throws: ``AccountFileError`` with ``AccountFileError/Reason/unusableHash(_:)`` for the first of these
    ///   hashes the hasher does not accept.
    public func checkHashes(ofEntries entries: Range<Int>, with hasher: some PasswordHasher) throws(AccountFileError) {
        let storage = storage
        let failure: (line: Int, error: PasswordHashingError)? = storage.bytes.withUnsafeBufferPointer { bytes in
            for entry in entries {
                let line = Int(storage.entryLines[entry])
                let span = storage.spans[line]
                let hash = UnsafeBufferPointer(rebasing: bytes[Int(span.colon + 1)..<Int(span.end)])
                if Self.isLockedHash(hash) { continue }
                do throws(PasswordHashingError) {
                    try hasher.checkHash(utf8: hash)
                } catch {
                    return (line + 1, error)
                }
            }
            return nil
        }
        if let failure { throw AccountFileError(.unusableHash(failure.error), line: failure.line) }
    }

    /// Two files are equal when their lines are.
    public static func == (lhs: AccountFile, rhs: AccountFile) -> Bool {
        lhs.storage === rhs.storage || lhs.lines == rhs.lines
    }

    /// Hashes the lines.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(lines)
    }

    /// Checks that a name can be written to an account file.
    ///
    /// - Parameter name: The account name.
    /// - Throws: ``AccountFileError`` with ``AccountFileError/Reason/invalidName(_:)`` when the name is empty,
    ///   contains `:`, whitespace, a control or invisible formatting character or a character that shows as
    ///   nothing (a default ignorable code point or a Hangul filler), or starts with `#`.
    public static func checkName(_ name: String) throws(AccountFileError) {
        if let problem = nameProblem(name) { throw AccountFileError(.invalidName(problem)) }
    }

    // MARK: Private

    /// Where one line is in the file's bytes.
    fileprivate struct LineSpan {
        /// The line's first byte.
        var start: Int32
        /// The `:` of an entry, or -1 for a comment or a blank line.
        var colon: Int32
        /// The byte after the line's last one (its `\n`, or the end of the file).
        var end: Int32
    }

    /// A file's bytes, read and checked: where every line is and the index of its names. Never changed once made.
    fileprivate final class Storage: Sendable {
        static let empty = Storage()

        /// The file's bytes.
        let bytes: [UInt8]
        /// Every line, in file order.
        let spans: [LineSpan]
        /// The line of every entry, in file order.
        let entryLines: [Int32]
        /// The entries by name.
        let index: AccountNameIndex

        private init() {
            bytes = []
            spans = []
            entryLines = []
            index = AccountNameIndex(expectedCount: 0)
        }

        private init(bytes: [UInt8], spans: [LineSpan], entryLines: [Int32], index: AccountNameIndex) {
            self.bytes = bytes
            self.spans = spans
            self.entryLines = entryLines
            self.index = index
        }

        /// Reads a file's UTF-8 bytes in one pass over its lines: a plain entry with ``plainEntry(in:from:)``,
        /// any other line with ``parseLine(_:)``, byte by byte. Every byte that matters (`\n`, `\r`, `:`, `#`,
        /// space, tab) is ASCII, and in UTF-8 an ASCII byte is never part of another character, so this is the
        /// scalar-by-scalar reading.
        ///
        /// - Returns: The storage, or the first malformed line (a name with two entries counts at its second).
        static func make(bytes: [UInt8]) -> Result<Storage, AccountFileError> {
            guard bytes.count <= Int(Int32.max) else {
                return .failure(AccountFileError(.tooLarge(maximumBytes: maximumBytes)))
            }
            let expectedLines = bytes.count / 64 + 1  // an entry's line is about 70 to 140 bytes
            var spans: [LineSpan] = []
            var entryLines: [Int32] = []
            // Lines of yescrypt entries are about 85 bytes: a file of shorter lines makes the index grow.
            var index = AccountNameIndex(expectedCount: bytes.count / 96 + 1)
            spans.reserveCapacity(expectedLines)
            entryLines.reserveCapacity(expectedLines)
            let key = AccountNameHash.key
            let failure: AccountFileError? = bytes.withUnsafeBufferPointer { bytes in
                var start = 0
                while start < bytes.count {
                    // Nearly every line is a plain entry, found and checked in one pass; any other line goes
                    // through `parseLine`, which also says what is wrong with it.
                    let end: Int
                    let colon: Int
                    let hash: Int
                    if let plain = plainEntry(in: bytes, from: start) {
                        colon = plain.colon
                        end = plain.end
                        hash = AccountNameIndex.hash(
                            of: UnsafeBufferPointer(rebasing: bytes[start..<colon]), isASCII: true, key: key)
                    } else {
                        end = firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: start)
                        switch parseLine(UnsafeBufferPointer(rebasing: bytes[start..<end])) {
                        case .success(nil):
                            spans.append(LineSpan(start: Int32(start), colon: -1, end: Int32(end)))
                            start = end + 1
                            continue
                        case .success(let position?):
                            colon = start + position
                            hash = AccountNameIndex.hash(of: UnsafeBufferPointer(rebasing: bytes[start..<colon]))
                        case .failure(let error):
                            return AccountFileError(error.reason, line: spans.count + 1)
                        }
                    }
                    let name = UnsafeBufferPointer(rebasing: bytes[start..<colon])
                    let first = index.insert(entry: entryLines.count, named: name, hash: hash) { entry in
                        let span = spans[Int(entryLines[entry])]
                        return UnsafeBufferPointer(rebasing: bytes[Int(span.start)..<Int(span.colon)])
                    }
                    if let first {
                        return AccountFileError(
                            .duplicateName(
                                String(decoding: name, as: UTF8.self), firstLine: Int(entryLines[first]) + 1),
                            line: spans.count + 1)
                    }
                    entryLines.append(Int32(spans.count))
                    spans.append(LineSpan(start: Int32(start), colon: Int32(colon), end: Int32(end)))
                    start = end + 1
                }
                return nil
            }
            if let failure { return .failure(failure) }
            return .success(Storage(bytes: bytes, spans: spans, entryLines: entryLines, index: index))
        }

        /// The bytes, with a newline after the last line when the file has none.
        var bytesEndingWithNewline: [UInt8] {
            guard let last = bytes.last, last != UInt8(ascii: "\n") else { return bytes }
            return bytes + [UInt8(ascii: "\n")]
        }

        /// The line of the entry with a name, compared as Swift compares strings.
        func entryLine(named name: String) -> Int? {
            entry(named: name).map { Int(entryLines[$0]) }
        }

        /// The position among the entries of the entry with a name, compared as Swift compares strings.
        func entry(named name: String) -> Int? {
            var name = name
            return name.withUTF8 { name in
                bytes.withUnsafeBufferPointer { bytes in
                    index.entry(named: name, hash: AccountNameIndex.hash(of: name)) { entry in
                        let span = spans[Int(entryLines[entry])]
                        return UnsafeBufferPointer(rebasing: bytes[Int(span.start)..<Int(span.colon)])
                    }
                }
            }
        }

        /// The line at a position, as a ``Line``.
        func line(at position: Int) -> Line {
            let span = spans[position]
            if span.colon < 0 { return .other(string(Int(span.start)..<Int(span.end))) }
            return .entry(account(atLine: position))
        }

        /// The entry on a line.
        func account(atLine position: Int) -> Account {
            let span = spans[position]
            return Account(
                name: string(Int(span.start)..<Int(span.colon)),
                passwordHash: string(Int(span.colon + 1)..<Int(span.end)))
        }

        private func string(_ range: Range<Int>) -> String {
            bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
        }
    }

    /// Checks one line, without its `\n`, in one pass over the name and one over the hash.
    ///
    /// - Returns: The position of the `:` of an entry, `nil` for a comment or a blank line, or what is wrong.
    private static func parseLine(_ line: UnsafeBufferPointer<UInt8>) -> Result<Int?, AccountFileError> {
        let count = line.count
        if count > 0 && line[count - 1] == UInt8(ascii: "\r") { return .failure(AccountFileError(.carriageReturn)) }
        var first = 0
        while first < count && (line[first] == UInt8(ascii: " ") || line[first] == UInt8(ascii: "\t")) { first += 1 }
        if first == count || line[first] == UInt8(ascii: "#") { return .success(nil) }
        let colon = firstIndex(of: UInt8(ascii: ":"), in: line, from: 0)
        if colon == count { return .failure(AccountFileError(.missingSeparator)) }
        // One branch-free pass over the hash, which the compiler turns into vector instructions.
        var found: UInt8 = 0  // 1: a byte outside 0x21...0x7E, 2: a ':'
        for byte in UnsafeBufferPointer(rebasing: line[(colon + 1)...]) {
            found |= (byte &- 0x21 > 0x7E - 0x21 ? 1 : 0) | (byte == UInt8(ascii: ":") ? 2 : 0)
        }
        let hasExtraColon = found & 2 != 0
        let isHash = found & 1 == 0
        var isASCIIName = true
        for byte in UnsafeBufferPointer(rebasing: line[..<colon]) where byte >= 0x80 { isASCIIName = false }
        if hasExtraColon { return .failure(AccountFileError(.extraSeparator)) }
        let nameBytes = UnsafeBufferPointer(rebasing: line[..<colon])
        let problem =
            isASCIIName ? asciiNameProblem(nameBytes) : nameProblem(String(decoding: nameBytes, as: UTF8.self))
        if let problem { return .failure(AccountFileError(.invalidName(problem))) }
        if colon + 1 == count { return .failure(AccountFileError(.emptyHash)) }
        guard isHash else { return .failure(AccountFileError(.invalidHashCharacters)) }
        return .success(colon)
    }

    /// Finds and checks a plain entry: a line whose name and hash are non-empty, printable ASCII without spaces,
    /// whose only `:` is the one between them, and whose name does not start with `#`. Such a line is an entry
    /// by ``parseLine(_:)``'s rules; for any other line (a comment, a blank line, a name with other characters, a
    /// malformed line) this returns `nil`, and ``parseLine(_:)`` decides.
    ///
    /// One pass: sixteen bytes at a time with vector instructions while none is below 0x21 (the `\n` ending the
    /// line, or a space, tab or control character), above 0x7E, or a `:`, then eight bytes at a time with the bit
    /// tricks that find the first such byte in a word.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - start: The line's first byte.
    /// - Returns: The positions of the line's `:` and of its end (its `\n`, or the end of the file), or `nil`.
    private static func plainEntry(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (colon: Int, end: Int)? {
        guard let base = bytes.baseAddress, start < bytes.count, bytes[start] != UInt8(ascii: "#") else { return nil }
        let count = bytes.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let raw = UnsafeRawPointer(base)
        var colon = -1
        var position = start
        // The line's end, if it is a plain entry.
        func ending(at end: Int) -> (colon: Int, end: Int)? {
            start < colon && colon + 1 < end ? (colon, end) : nil
        }
        // The first such byte of a plain entry is its ':', a few bytes in: looked for eight bytes at a time; the
        // hash, sixteen at a time.
        var afterName = false
        while position + 8 <= count {
            // Sixteen bytes with none of those bytes are skipped with a few vector instructions.
            while afterName, position &+ 16 <= count, !hasSpecialByte(in: base + position) { position &+= 16 }
            afterName = true
            // Then eight at a time to the first such byte: within sixteen, unless the end came first.
            var found: UInt64 = 0
            while position + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                let colons = word ^ (ones &* UInt64(UInt8(ascii: ":")))
                // The lowest set bit of each is exact (a borrow or carry only reaches bytes after a found one).
                found =
                    (((word &- ones &* 0x21) & ~word)  // a byte below 0x21
                        | ((word &+ ones) | word)  // a byte above 0x7E
                        | ((colons &- ones) & ~colons)) & highs  // a ':'
                if found != 0 { break }
                position &+= 8
            }
            guard found != 0 else { break }
            position += found.trailingZeroBitCount / 8
            switch bytes[position] {
            case UInt8(ascii: ":") where colon < 0: colon = position
            case UInt8(ascii: "\n"): return ending(at: position)
            default: return nil  // a space, tab, control character, non-ASCII byte or second ':'
            }
            position += 1
        }
        while position < count {
            switch bytes[position] {
            case UInt8(ascii: ":") where colon < 0: colon = position
            case UInt8(ascii: "\n"): return ending(at: position)
            case 0x21...0x7E where bytes[position] != UInt8(ascii: ":"): break
            default: return nil
            }
            position += 1
        }
        return ending(at: count)
    }

    /// Whether any of sixteen bytes is below 0x21, above 0x7E or a `:`. A loop of a known count the compiler turns
    /// into one 16-byte vector comparison.
    @inline(__always)
    private static func hasSpecialByte(in bytes: UnsafePointer<UInt8>) -> Bool {
        var found: UInt8 = 0
        for offset in 0..<16 {
            let byte = bytes[offset]
            found |= (byte &- 0x21 > 0x7E - 0x21 ? 1 : 0) | (byte == UInt8(ascii: ":") ? 1 : 0)
        }
        return found != 0
    }

    /// The position of the first `byte` at or after `start`, or the buffer's count: eight bytes at a time.
    private static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let pattern = ones &* UInt64(byte)
        var position = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while position + 8 <= bytes.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)) ^ pattern
                // A zero byte of `word` is one that matched; this sets the high bit of the first one (and maybe of
                // later ones, never of an earlier one).
                let zeros = (word &- ones) & ~word & highs
                if zeros != 0 { return position + zeros.trailingZeroBitCount / 8 }
                position += 8
            }
        }
        while position < bytes.count && bytes[position] != byte { position += 1 }
        return position
    }

    /// ``nameProblem(_:)`` for a name of ASCII bytes, without Unicode property look-ups.
    private static func asciiNameProblem(_ name: UnsafeBufferPointer<UInt8>) -> AccountFileError.NameProblem? {
        if name.isEmpty { return .empty }
        if name.first == UInt8(ascii: "#") { return .startsWithCommentSign }
        for byte in name {
            if byte == UInt8(ascii: ":") { return .containsColon }
            if byte == 0x20 || (0x09...0x0D).contains(byte) { return .containsWhitespace }
            if byte < 0x20 || byte == 0x7F { return .containsControlCharacter }
        }
        return nil
    }

    /// crypt(3) hashes are printable ASCII without spaces; ':' separates fields.
    private static func isHashByte(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte) && byte != UInt8(ascii: ":")
    }

    private static func nameProblem(_ name: String) -> AccountFileError.NameProblem? {
        if name.isEmpty { return .empty }
        // By scalar, not by Character: "#" followed by a combining mark still starts a comment for other tools.
        if name.unicodeScalars.first == "#" { return .startsWithCommentSign }
        for scalar in name.unicodeScalars {
            if scalar == ":" { return .containsColon }
            if scalar.properties.isWhitespace { return .containsWhitespace }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: return .containsControlCharacter
            default: break
            }
            // Shows as nothing: a default ignorable code point, such as a variation selector, the combining
            // grapheme joiner, or one of the four Hangul fillers (letters, Lo, that Unicode counts among them).
            if scalar.properties.isDefaultIgnorableCodePoint { return .containsInvisibleCharacter(scalar) }
        }
        return nil
    }

    private static func checkHashCharacters(_ hash: some StringProtocol) throws(AccountFileError) {
        if hash.isEmpty { throw AccountFileError(.emptyHash) }
        guard hash.utf8.allSatisfy(isHashByte) else {
            throw AccountFileError(.invalidHashCharacters)
        }
    }
}
