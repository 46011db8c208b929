/// What is wrong with an account file or a new entry, and on which line.
public struct AccountFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Hashable, Sendable {
        /// The file is not valid UTF-8 text.
        case notUTF8
        /// The file is larger than the limit, in bytes.
        case tooLarge(maximumBytes: Int)
        /// An entry line has no `:` between the name and the hash.
        case missingSeparator
        /// An entry line has more than one `:`; crypt(3) hashes never contain one.
        case extraSeparator
        /// A line ends with a carriage return, as Windows line endings do.
        case carriageReturn
        /// The name cannot be used.
        case invalidName(NameProblem)
        /// The hash is empty.
        case emptyHash
        /// The hash contains a character no crypt(3) hash has (whitespace, a control or a non-ASCII character).
        case invalidHashCharacters
        /// The hasher cannot use the hash.
        case unusableHash(PasswordHashingError)
        /// The hash can be used, but its cost is too low to slow down someone guessing passwords, such as bcrypt
        /// cost 4. A warning: the entry still signs in.
        case weakHash(HashCost.Weakness)
        /// A new name is the same name as an entry's, once letter case and Unicode forms are set aside
        /// (``AccountNameFolding``): that entry's name and line.
        case sameName(as: String, line: Int)
        /// A line of a ``FailureTally`` is not `name:failures:time`, or names a name twice.
        case malformedTally
        /// The name already has an entry, on the given line.
        case duplicateName(String, firstLine: Int)
    }

    /// Why a name cannot be an account name.
    public enum NameProblem: Hashable, Sendable, CustomStringConvertible {
        /// The name is empty.
        case empty
        /// The name contains `:`, which separates the name from the hash.
        case containsColon
        /// The name contains whitespace.
        case containsWhitespace
        /// The name contains a control character or an invisible formatting character.
        case containsControlCharacter
        /// The name contains a character that shows as nothing, so that it would look like another name: a default
        /// ignorable code point (the combining grapheme joiner U+034F, a variation selector such as U+FE0F or
        /// U+E0100) or a Hangul filler (U+115F, U+1160, U+3164, U+FFA0), as RFC 8265 (PRECIS) and UTS #39 exclude.
        case containsInvisibleCharacter(Unicode.Scalar)
        /// The name starts with `#`, which would make its line a comment.
        case startsWithCommentSign
    }

    /// The 1-based line number, or `nil` when the problem is not on one line (or is in a new entry).
    public var line: Int?
    /// What is wrong.
    public var reason: Reason

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - reason: What is wrong.
    ///   - line: The 1-based line number, if the problem is on one line.
    public init(_ reason: Reason, line: Int? = nil) {
        self.reason = reason
        self.line = line
    }

    /// A sentence such as `line 3: expected name:hash, found no ':'`, in English; see ``description(in:)``.
    public var description: String { description(in: .english) }

    /// A sentence such as `line 3: expected name:hash, found no ':'` or `第 3 行：应为 name:hash，但没有 ':'`.
    ///
    /// - Parameter language: The language of the sentence.
    /// - Returns: The sentence, without a final full stop.
    public func description(in language: Language) -> String {
        let text =
            switch (reason, language) {
            case (.notUTF8, .english): "the file is not UTF-8 text"
            case (.notUTF8, .chinese): "文件不是 UTF-8 文本"
            case (.tooLarge(let maximumBytes), .english): "the file is larger than \(maximumBytes) bytes"
            case (.tooLarge(let maximumBytes), .chinese): "文件大于 \(maximumBytes) 字节"
            case (.missingSeparator, .english): "expected name:hash, found no ':'"
            case (.missingSeparator, .chinese): "应为 name:hash，但没有 ':'"
            case (.extraSeparator, .english): "expected name:hash, found more than one ':'"
            case (.extraSeparator, .chinese): "应为 name:hash，但有多个 ':'"
            case (.carriageReturn, .english):
                "the line ends with a carriage return; save the file with Unix (LF) line endings"
            case (.carriageReturn, .chinese): "行尾有回车符；请以 Unix（LF）换行保存文件"
            case (.invalidName(let problem), .english): "the name \(problem.description(in: language))"
            case (.invalidName(let problem), .chinese): "名称\(problem.description(in: language))"
            case (.emptyHash, .english): "the password hash is empty"
            case (.emptyHash, .chinese): "密码哈希为空"
            case (.invalidHashCharacters, .english): "the password hash contains characters no crypt(3) hash has"
            case (.invalidHashCharacters, .chinese): "密码哈希含有 crypt(3) 哈希中不会出现的字符"
            case (.unusableHash(let error), .english): "\(error.description(in: language)); this entry cannot sign in"
            case (.unusableHash(let error), .chinese): "\(error.description(in: language))；此条目无法登录"
            case (.weakHash(let weakness), .english):
                "the password hash is weak (\(weakness.description(in: language))); give the account a new password "
                    + "with 'login add-user'"
            case (.weakHash(let weakness), .chinese):
                "密码哈希强度不足（\(weakness.description(in: language))）；请用 'login add-user' 给该账户设置新密码"
            case (.malformedTally, .english): "expected name:failures:time, with a name given once"
            case (.malformedTally, .chinese): "应为 name:failures:time，且每个名称只出现一次"
            case (.sameName(let name, let line), .english):
                "it is the same name as '\(name)' on line \(line): names that differ only in letter case or "
                    + "Unicode form are one name"
            case (.sameName(let name, let line), .chinese):
                "它与第 \(line) 行的 '\(name)' 是同一个名称：只差大小写或 Unicode 形式的名称算作一个名称"
            case (.duplicateName(let name, let firstLine), .english):
                "'\(name)' already has an entry on line \(firstLine)"
            case (.duplicateName(let name, let firstLine), .chinese): "'\(name)' 在第 \(firstLine) 行已有条目"
            }
        guard let line else { return text }
        return switch language {
        case .english: "line \(line): \(text)"
        case .chinese: "第 \(line) 行：\(text)"
        }
    }
}

extension AccountFileError.NameProblem {
    /// The end of a sentence that starts "the name", such as "contains ':'", in English; see
    /// ``description(in:)``.
    public var description: String { description(in: .english) }

    /// The end of a sentence that starts "the name" (`名称`), such as "contains ':'" (`含有 ':'`).
    ///
    /// - Parameter language: The language of the clause.
    /// - Returns: The clause.
    public func description(in language: Language) -> String {
        switch (self, language) {
        case (.empty, .english): "is empty"
        case (.empty, .chinese): "为空"
        case (.containsColon, .english): "contains ':'"
        case (.containsColon, .chinese): "含有 ':'"
        case (.containsWhitespace, .english): "contains whitespace"
        case (.containsWhitespace, .chinese): "含有空白字符"
        case (.containsControlCharacter, .english): "contains a control or invisible formatting character"
        case (.containsControlCharacter, .chinese): "含有控制字符或不可见的格式字符"
        case (.containsInvisibleCharacter(let scalar), .english):
            "contains \(Self.codePoint(scalar)), a character that shows as nothing, so the name would look like "
                + "another one"
        case (.containsInvisibleCharacter(let scalar), .chinese):
            "含有 \(Self.codePoint(scalar))，这是一个不显示的字符，会让名称看起来和另一个名称一样"
        case (.startsWithCommentSign, .english): "starts with '#'"
        case (.startsWithCommentSign, .chinese): "以 '#' 开头"
        }
    }

    /// A scalar as Unicode writes it: `U+034F`, at least four hexadecimal digits.
    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(4 - digits.count, 0)) + digits
    }
}
