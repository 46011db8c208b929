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
        /// The hash can be used, but its cost is too low to slow down someone guessing passwords: the reason, such
        /// as "bcrypt cost 4 is below 10". A warning: the entry still signs in.
        case weakHash(String)
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

    /// A sentence such as `line 3: expected name:hash, found no ':'`.
    public var description: String {
        let text =
            switch reason {
            case .notUTF8: "the file is not UTF-8 text"
            case .tooLarge(let maximumBytes): "the file is larger than \(maximumBytes) bytes"
            case .missingSeparator: "expected name:hash, found no ':'"
            case .extraSeparator: "expected name:hash, found more than one ':'"
            case .carriageReturn: "the line ends with a carriage return; save the file with Unix (LF) line endings"
            case .invalidName(let problem): "the name \(problem)"
            case .emptyHash: "the password hash is empty"
            case .invalidHashCharacters: "the password hash contains characters no crypt(3) hash has"
            case .unusableHash(let error): "\(error); this entry cannot sign in"
            case .weakHash(let reason):
                "the password hash is weak (\(reason)); give the account a new password with 'login add-user'"
            case .malformedTally: "expected name:failures:time, with a name given once"
            case .sameName(let name, let line):
                "it is the same name as '\(name)' on line \(line): names that differ only in letter case or "
                    + "Unicode form are one name"
            case .duplicateName(let name, let firstLine): "'\(name)' already has an entry on line \(firstLine)"
            }
        guard let line else { return text }
        return "line \(line): \(text)"
    }
}

extension AccountFileError.NameProblem {
    /// The end of a sentence that starts "the name", such as "contains ':'".
    public var description: String {
        switch self {
        case .empty: "is empty"
        case .containsColon: "contains ':'"
        case .containsWhitespace: "contains whitespace"
        case .containsControlCharacter: "contains a control or invisible formatting character"
        case .startsWithCommentSign: "starts with '#'"
        }
    }
}
