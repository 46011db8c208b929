// The one file of `login` that talks to the operating system about files: reading, locking and replacing the
// account file atomically.

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// A failed file operation, with the system's explanation.
struct FileError: Error, Equatable, CustomStringConvertible {
    /// What was being done, such as "cannot read".
    var operation: String
    /// The file.
    var path: String
    /// The system's explanation (strerror), such as "Permission denied".
    var reason: String

    var description: String { "\(operation) \(path): \(reason)" }
}

/// POSIX file operations for the account file.
enum POSIXFiles {
    /// Reads a whole file.
    ///
    /// - Returns: The bytes, or `nil` when the file does not exist. More than `maximumBytes + 1` bytes are never
    ///   read, so the caller can tell a file is too large.
    static func read(_ path: String, maximumBytes: Int) throws(FileError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw error("cannot read", path)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= maximumBytes {
            let count = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0) }
            if count < 0 {
                if errno == EINTR { continue }
                throw error("cannot read", path)
            }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }

    /// Takes an exclusive lock on `lockPath` (created with mode 0600 if missing), waiting for any other holder,
    /// so writers of the same file take turns. A lock file is used rather than the file itself because replacing
    /// the file gives it a new inode, which a waiting writer's lock would not cover.
    ///
    /// - Returns: The lock; call ``FileLock/unlock()`` when done. The system also releases it if the process dies.
    static func lock(_ lockPath: String) throws(FileError) -> FileLock {
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw error("cannot open the lock file", lockPath) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let failure = error("cannot lock", lockPath)
                close(descriptor)
                throw failure
            }
        }
        return FileLock(descriptor: descriptor)
    }

    /// Replaces a file atomically: writes a temporary file in the same folder with mode 0600, flushes it to disk,
    /// renames it over the file and flushes the folder, so a reader sees the old file or the new one, never a
    /// part, and a crash loses nothing.
    static func replace(_ path: String, with bytes: [UInt8]) throws(FileError) {
        let folder = parentFolder(of: path)
        var template = Array((folder + "/.\(lastComponent(of: path)).XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map(mkstemp) ?? -1 }
        guard descriptor >= 0 else { throw error("cannot create a temporary file in", folder) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var isRenamed = false
        defer {
            if !isRenamed { unlink(temporary) }
        }
        let written = Result { () throws(FileError) in
            try writeAndFlush(descriptor, bytes, path: temporary)
        }
        close(descriptor)
        try written.get()
        guard rename(temporary, path) == 0 else { throw error("cannot replace", path) }
        isRenamed = true
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)  // best effort: the rename is done either way
            close(folderDescriptor)
        }
    }

    private static func writeAndFlush(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(FileError) {
        guard fchmod(descriptor, 0o600) == 0 else { throw error("cannot set the mode of", path) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw error("cannot write", path)
            }
            offset += written
        }
        guard fsync(descriptor) == 0 else { throw error("cannot flush", path) }
    }

    /// The permission bits of a file, for tests and messages.
    static func mode(of path: String) -> UInt32? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt32(info.st_mode) & 0o7777
    }

    private static func error(_ operation: String, _ path: String) -> FileError {
        FileError(operation: operation, path: path, reason: String(cString: strerror(errno)))
    }

    private static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}

/// read(2) into a buffer.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}

/// An exclusive lock held on an open lock file.
final class FileLock {
    private var descriptor: Int32

    fileprivate init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Releases the lock; calling it again does nothing.
    func unlock() {
        guard descriptor >= 0 else { return }
        close(descriptor)  // closing the only descriptor releases the flock
        descriptor = -1
    }

    deinit { unlock() }
}
