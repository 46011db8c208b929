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
    /// The largest file read, in bytes: 1 MiB, several thousand accounts.
    public static let maximumBytes = 1 << 20

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
        var lines: [Line] = []
        var firstLines: [String: Int] = [:]
        // Split on scalars: as Characters, "\r\n" is one grapheme and would hide the line break.
        var rawLines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map(Substring.init)
        if rawLines.last?.isEmpty == true { rawLines.removeLast() }  // the newline that ends the last line
        for (offset, raw) in rawLines.enumerated() {
            let number = offset + 1
            do throws(AccountFileError) {
                let line = try Self.parse(raw)
                if case .entry(let account) = line {
                    if let first = firstLines[account.name] {
                        throw AccountFileError(.duplicateName(account.name, firstLine: first))
                    }
                    firstLines[account.name] = number
                }
                lines.append(line)
            } catch {
                throw AccountFileError(error.reason, line: number)
            }
        }
        self.lines = lines
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

    private static func parse(_ raw: Substring) throws(AccountFileError) -> Line {
        if raw.unicodeScalars.last == "\r" { throw AccountFileError(.carriageReturn) }
        let content = raw.drop { $0 == " " || $0 == "\t" }
        if content.isEmpty || content.first == "#" { return .other(String(raw)) }
        let scalars = raw.unicodeScalars
        guard let colon = scalars.firstIndex(of: ":") else { throw AccountFileError(.missingSeparator) }
        let name = String(scalars[..<colon])
        let hash = Substring(scalars[scalars.index(after: colon)...])
        if hash.unicodeScalars.contains(":") { throw AccountFileError(.extraSeparator) }
        try checkName(name)
        try checkHashCharacters(hash)
        return .entry(Account(name: name, passwordHash: String(hash)))
    }

    private static func nameProblem(_ name: String) -> AccountFileError.NameProblem? {
        if name.isEmpty { return .empty }
        if name.hasPrefix("#") { return .startsWithCommentSign }
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
        // crypt(3) hashes are printable ASCII without spaces; ':' separates fields.
        guard hash.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: ":") }) else {
            throw AccountFileError(.invalidHashCharacters)
        }
    }
}
