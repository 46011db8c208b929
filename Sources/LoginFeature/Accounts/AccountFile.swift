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

    /// The lines, in file order.
    public private(set) var lines: [Line]

    /// Creates an empty file.
    public init() {
        lines = []
    }

    /// Reads a file's bytes.
    ///
    /// - Parameter bytes: The file's contents.
    /// - Throws: ``AccountFileError`` for a file over ``maximumBytes``, text that is not UTF-8, or the first
    ///   malformed line.
    public init(bytes: some Collection<UInt8>) throws(AccountFileError) {
        guard bytes.count <= Self.maximumBytes else {
            throw AccountFileError(.tooLarge(maximumBytes: Self.maximumBytes))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw AccountFileError(.notUTF8) }
        try self.init(parsing: text)
    }

    /// Reads a file's text.
    ///
    /// - Parameter text: The file's contents.
    /// - Throws: ``AccountFileError`` for the first malformed line, or a name with two entries.
    public init(parsing text: String) throws(AccountFileError) {
        var text = text
        // Byte by byte: every byte that matters (`\n`, `\r`, `:`, `#`, space, tab) is ASCII, and in UTF-8 an
        // ASCII byte is never part of another character, so this is the scalar-by-scalar reading, fast enough
        // for 100,000 entries.
        lines = try text.withUTF8 { Self.parse($0) }.get()
    }

    /// The entries, in file order.
    public var accounts: [Account] {
        lines.compactMap { line in
            if case .entry(let account) = line { return account }
            return nil
        }
    }

    /// The file's text: every line as read, with changed entries in place and new ones at the end, each ending
    /// with a newline.
    public var text: String {
        var text = ""
        for line in lines {
            switch line {
            case .entry(let account): text += account.name + ":" + account.passwordHash
            case .other(let other): text += other
            }
            text += "\n"
        }
        return text
    }

    /// Finds an entry.
    ///
    /// - Parameter name: The account name, compared as Swift compares strings (canonically equivalent forms match).
    /// - Returns: The account, or `nil` when the file has none by that name.
    public func account(named name: String) -> Account? {
        accounts.first { $0.name == name }
    }

    /// Sets an account's password hash, replacing its entry in place or appending a new one.
    ///
    /// - Parameters:
    ///   - hash: The new hash, made by a ``PasswordHasher``.
    ///   - name: The account name.
    /// - Returns: Whether the entry was added or replaced.
    /// - Throws: ``AccountFileError`` (with no line) when the name or the hash cannot be written.
    @discardableResult
    public mutating func setPasswordHash(_ hash: String, for name: String) throws(AccountFileError) -> Change {
        try Self.checkName(name)
        try Self.checkHashCharacters(hash)
        let account = Account(name: name, passwordHash: hash)
        for (index, line) in lines.enumerated() {
            if case .entry(let existing) = line, existing.name == name {
                lines[index] = .entry(account)
                return .replaced
            }
        }
        lines.append(.entry(account))
        return .added
    }

    /// Checks every hash with a hasher, so an unusable one is reported with its line when the file is read.
    ///
    /// - Parameter hasher: The hasher that will verify passwords.
    /// - Throws: ``AccountFileError`` with ``AccountFileError/Reason/unusableHash(_:)`` for the first hash the
    ///   hasher does not accept.
    public func checkHashes(with hasher: some PasswordHasher) throws(AccountFileError) {
        for (offset, line) in lines.enumerated() {
            guard case .entry(let account) = line else { continue }
            do {
                try hasher.checkHash(account.passwordHash)
            } catch {
                throw AccountFileError(.unusableHash(error), line: offset + 1)
            }
        }
    }

    /// Checks that a name can be written to an account file.
    ///
    /// - Parameter name: The account name.
    /// - Throws: ``AccountFileError`` with ``AccountFileError/Reason/invalidName(_:)`` when the name is empty,
    ///   contains `:`, whitespace or a control or invisible formatting character, or starts with `#`.
    public static func checkName(_ name: String) throws(AccountFileError) {
        if let problem = nameProblem(name) { throw AccountFileError(.invalidName(problem)) }
    }

    // MARK: Private

    /// Parses every line of a file's UTF-8 bytes.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<[Line], AccountFileError> {
        var lines: [Line] = []
        var firstLines: [String: Int] = [:]
        let expectedLines = bytes.count / 64 + 1  // an entry's line is about 70 to 140 bytes
        lines.reserveCapacity(expectedLines)
        firstLines.reserveCapacity(expectedLines)
        var start = 0
        var number = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            number += 1
            switch parseLine(UnsafeBufferPointer(rebasing: bytes[start..<end])) {
            case .success(let line):
                if case .entry(let account) = line {
                    if let first = firstLines.updateValue(number, forKey: account.name) {
                        return .failure(AccountFileError(.duplicateName(account.name, firstLine: first), line: number))
                    }
                }
                lines.append(line)
            case .failure(let error):
                return .failure(AccountFileError(error.reason, line: number))
            }
            start = end + 1
        }
        return .success(lines)
    }

    /// Parses one line, without its `\n`, in one pass over the name and one over the hash.
    private static func parseLine(_ line: UnsafeBufferPointer<UInt8>) -> Result<Line, AccountFileError> {
        let count = line.count
        if count > 0 && line[count - 1] == UInt8(ascii: "\r") { return .failure(AccountFileError(.carriageReturn)) }
        var first = 0
        while first < count && (line[first] == UInt8(ascii: " ") || line[first] == UInt8(ascii: "\t")) { first += 1 }
        if first == count || line[first] == UInt8(ascii: "#") {
            return .success(.other(String(decoding: line, as: UTF8.self)))
        }
        var colon = 0
        var isASCIIName = true
        while colon < count && line[colon] != UInt8(ascii: ":") {
            if line[colon] >= 0x80 { isASCIIName = false }
            colon += 1
        }
        if colon == count { return .failure(AccountFileError(.missingSeparator)) }
        var hasExtraColon = false
        var isHash = true
        for index in (colon + 1)..<count {
            let byte = line[index]
            if byte == UInt8(ascii: ":") { hasExtraColon = true }
            if byte < 0x21 || byte > 0x7E { isHash = false }
        }
        if hasExtraColon { return .failure(AccountFileError(.extraSeparator)) }
        let nameBytes = UnsafeBufferPointer(rebasing: line[..<colon])
        let name = String(decoding: nameBytes, as: UTF8.self)
        if let problem = isASCIIName ? asciiNameProblem(nameBytes) : nameProblem(name) {
            return .failure(AccountFileError(.invalidName(problem)))
        }
        if colon + 1 == count { return .failure(AccountFileError(.emptyHash)) }
        guard isHash else { return .failure(AccountFileError(.invalidHashCharacters)) }
        let hash = String(decoding: UnsafeBufferPointer(rebasing: line[(colon + 1)...]), as: UTF8.self)
        return .success(.entry(Account(name: name, passwordHash: hash)))
    }

    /// ``nameProblem(_:)`` for a name of ASCII bytes, without Unicode property look-ups.
    private static func asciiNameProblem(_ name: UnsafeBufferPointer<UInt8>) -> AccountFileError.NameProblem? {
        if name.isEmpty { return .empty }
        if name.first == UInt8(ascii: "#") { return .startsWithCommentSign }
        for byte in name {
            if byte == UInt8(ascii: ":") { return .containsColon }
            if byte == 0x20 || (0x09...0x0D).contains(byte) { return .containsWhitespace }  // Unicode White_Space
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
            default: continue
            }
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
