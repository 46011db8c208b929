internal import LoginFeature

/// Why an account file could not be used.
enum AccountStoreError: Error, Equatable, CustomStringConvertible {
    /// The file does not exist.
    case missing(path: String)
    /// The system refused an operation.
    case file(FileError)
    /// The file's contents are wrong.
    case malformed(path: String, AccountFileError)

    /// A sentence such as `accounts.txt: line 3: expected name:hash, found no ':'`.
    var description: String {
        switch self {
        case .missing(let path): "\(path): no such file"
        case .file(let error): "\(error)"
        case .malformed(let path, let error): "\(path): \(error)"
        }
    }
}
