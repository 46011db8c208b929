// The one file of `login` that talks to the operating system about files: reading, locking and replacing the
// account file atomically, never through a symbolic link, and telling its owner and mode; and keeping the process
// out of core files.

internal import LoginFeature

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif
#if canImport(CLinuxProcess)
    internal import CLinuxProcess
#endif

/// A failed file operation, with the system's explanation.
enum FileError: Error, Equatable, CustomStringConvertible {
    /// What was being done to the file.
    enum Operation: Equatable {
        case read, openLock, lock, createTemporaryFile, replace, setMode, keepOwnership, write, flush, inspectFolder
        case inspect
    }

    /// The system refused: what was being done, the file (the folder, for a temporary file), and strerror's
    /// explanation (the system's text, kept as it came).
    case system(operation: Operation, path: String, reason: String)
    /// The path is a symbolic link, which account files and their lock files never are.
    case symbolicLink(path: String)
    /// The path is a folder, a device, a pipe or a socket.
    case notRegularFile(path: String)
    /// Another writer held the lock for longer than the wait allows, so nothing was changed.
    case lockTimedOut(path: String, after: Duration)

    /// The sentence in English; see ``description(in:)``.
    var description: String { description(in: .english) }

    /// A sentence such as `cannot read team.accounts: Permission denied`, without a final full stop.
    func description(in language: Language) -> String {
        switch (self, language) {
        case (.system(let operation, let path, let reason), .english):
            "cannot \(operation.phrase(path, language)): \(reason)"
        case (.system(let operation, let path, let reason), .chinese): "无法\(operation.phrase(path, language))：\(reason)"
        case (.symbolicLink(let path), .english):
            "\(path) is a symbolic link; an account file and its lock file are never followed through one, so "
                + "nothing was read or changed (use the real path)"
        case (.symbolicLink(let path), .chinese):
            "\(path) 是符号链接；账户文件及其锁文件从不经由符号链接打开，因此没有读取或更改任何内容（请使用真实路径）"
        case (.notRegularFile(let path), .english): "\(path) is not a regular file"
        case (.notRegularFile(let path), .chinese): "\(path) 不是普通文件"
        case (.lockTimedOut(let path, let wait), .english):
            "\(path) was still locked by another program after \(LoginSafetyWords.seconds(wait)) seconds; nothing "
                + "was changed. If no login add-user or sign-up is running, find the holder with: fuser -v \(path)"
        case (.lockTimedOut(let path, let wait), .chinese):
            "\(LoginSafetyWords.seconds(wait)) 秒后 \(path) 仍被另一个程序锁定；没有做任何更改。如果没有正在运行的 "
                + "login add-user 或注册，可用以下命令找出持有者：fuser -v \(path)"
        }
    }
}

extension FileError.Operation {
    /// The operation on a path, as it follows "cannot" or "无法".
    fileprivate func phrase(_ path: String, _ language: Language) -> String {
        switch (self, language) {
        case (.read, .english): "read \(path)"
        case (.read, .chinese): "读取 \(path)"
        case (.openLock, .english): "open the lock file \(path)"
        case (.openLock, .chinese): "打开锁文件 \(path)"
        case (.lock, .english): "lock \(path)"
        case (.lock, .chinese): "锁定 \(path)"
        case (.createTemporaryFile, .english): "create a temporary file in \(path)"
        case (.createTemporaryFile, .chinese): "在 \(path) 中创建临时文件"
        case (.replace, .english): "replace \(path)"
        case (.replace, .chinese): "替换 \(path)"
        case (.setMode, .english): "set the mode of \(path)"
        case (.setMode, .chinese): "设置 \(path) 的权限"
        case (.keepOwnership, .english): "keep the owner and group of \(path)"
        case (.keepOwnership, .chinese): "保留 \(path) 的所有者和组"
        case (.write, .english): "write \(path)"
        case (.write, .chinese): "写入 \(path)"
        case (.flush, .english): "flush \(path)"
        case (.flush, .chinese): "刷新 \(path)"
        case (.inspectFolder, .english): "look at the folder \(path)"
        case (.inspectFolder, .chinese): "查看文件夹 \(path)"
        case (.inspect, .english): "look at \(path)"
        case (.inspect, .chinese): "查看 \(path)"
        }
    }
}

/// Who owns a file and its permission bits, as `stat` tells.
struct FileStatus: Equatable {
    /// The permission bits, such as `0o600`.
    var mode: UInt32
    /// The owner's user id.
    var owner: UInt32
    /// The size in bytes.
    var size: Int = 0
    /// The group's id.
    var group: UInt32 = 0
}

/// What a path holds, as `lstat` tells.
enum FileKind: Equatable {
    case regularFile, symbolicLink, other
}

/// POSIX file operations for the account file.
enum POSIXFiles {
    /// Reads a whole file.
    ///
    /// - Returns: The bytes and the file's status, or `nil` when the file does not exist. More than
    ///   `maximumBytes + 1` bytes are never read, so the caller can tell a file is too large.
    ///   The file is opened without following a symbolic link (`O_NOFOLLOW`) and must be a regular file; its
    ///   owner and mode are those of the file read (`fstat`), so they cannot change between the check and the read.
    static func read(_ path: String, maximumBytes: Int) throws(FileError) -> (bytes: [UInt8], status: FileStatus)? {
        // O_NONBLOCK: opening a FIFO planted at the path must not wait for a writer; it is refused just below.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw openError(.read, path)
        }
        defer { close(descriptor) }
        let status = try regularFileStatus(descriptor, path)
        // Straight into an array of the size `fstat` told (one byte more, to see the end or a larger file), so
        // the bytes are not copied again; a file that grew meanwhile is read on in chunks below.
        let capacity = min(max(status.size, 0), maximumBytes) + 1
        var readError: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            while count < buffer.count {
                let rest = UnsafeMutableRawBufferPointer(start: base + count, count: buffer.count - count)
                let result = readBytes(descriptor, rest)
                if result < 0 {
                    if errno == EINTR { continue }
                    readError = errno
                    return
                }
                if result == 0 { return }
                count += result
            }
        }
        if readError != 0 {
            errno = readError
            throw error(.read, path)
        }
        if bytes.count < capacity { return (bytes, status) }  // the end was read
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= maximumBytes {
            let count = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0) }
            if count < 0 {
                if errno == EINTR { continue }
                throw error(.read, path)
            }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return (bytes, status)
    }

    /// Takes an exclusive lock on `lockPath` (created with mode 0600 if missing, never through a symbolic link, and
    /// refused unless it is a regular file), waiting for any other holder as `wait` says,
    /// so writers of the same file take turns. A lock file is used rather than the file itself because replacing
    /// the file gives it a new inode, which a waiting writer's lock would not cover.
    ///
    /// - Returns: The lock; call ``FileLock/unlock()`` when done. The system also releases it if the process dies.
    /// - Throws: ``FileError/lockTimedOut(path:after:)`` when another holder keeps it past `wait`'s timeout.
    static func lock(_ lockPath: String, wait: LockWait) throws(FileError) -> FileLock {
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { throw openError(.openLock, lockPath) }
        do {
            _ = try regularFileStatus(descriptor, lockPath)
        } catch {
            close(descriptor)
            throw error
        }
        let clock = ContinuousClock()
        let deadline = clock.now + wait.timeout
        var hasWaited = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            guard errno == EWOULDBLOCK else {
                let failure = error(.lock, lockPath)
                close(descriptor)
                throw failure
            }
            if !hasWaited {
                hasWaited = true
                wait.waiting()
            }
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else {
                close(descriptor)
                throw .lockTimedOut(path: lockPath, after: wait.timeout)
            }
            sleep(for: min(wait.interval, remaining))
        }
        killPoint()
        return FileLock(descriptor: descriptor)
    }

    /// Replaces a file atomically: writes a temporary file in the same folder with mode 0600, flushes it to disk,
    /// renames it over the file and flushes the folder, so a reader sees the old file or the new one, never a
    /// part, and a crash loses nothing.
    ///
    /// The temporary file is `.FILE.login-tmp-XXXXXX` (``temporaryPrefix(of:)`` and mkstemp's six letters and
    /// digits), a name only this program makes. Call it while holding the file's lock: it first removes the
    /// temporary files of that name a killed writer left behind, since only the lock's holder writes one, and no
    /// other file: `.FILE.backup` or `.FILE.2025q1` are the owner's.
    ///
    /// - Parameter previous: The status of the file replaced, if there was one: the new file keeps its group, and,
    ///   when root writes it, its owner too (as shadow's tools keep /etc/shadow's), instead of taking the writer's.
    static func replace(_ path: String, with bytes: [UInt8], keeping previous: FileStatus? = nil) throws(FileError) {
        killPoint()
        let folder = parentFolder(of: path)
        let prefix = temporaryPrefix(of: path)
        removeLeftovers(in: folder, named: prefix)
        killPoint()
        var template = Array((folder + "/" + prefix + "XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map(mkstemp) ?? -1 }
        guard descriptor >= 0 else { throw error(.createTemporaryFile, folder) }
        killPoint()
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var isRenamed = false
        defer {
            if !isRenamed { unlink(temporary) }
        }
        let written = Result { () throws(FileError) in
            if let previous {
                let owner = geteuid() == 0 ? uid_t(previous.owner) : uid_t.max  // uid_t.max: -1, "unchanged"
                guard fchown(descriptor, owner, gid_t(previous.group)) == 0 else {
                    throw error(.keepOwnership, path)
                }
            }
            try writeAndFlush(descriptor, bytes, path: temporary)
        }
        let closed = close(descriptor) == 0 ? nil : error(.write, temporary)  // NFS reports late errors here
        try written.get()
        if let closed { throw closed }
        killPoint()
        guard rename(temporary, path) == 0 else { throw error(.replace, path) }
        isRenamed = true
        killPoint()
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)  // best effort: the rename is done either way
            close(folderDescriptor)
        }
        killPoint()
    }

    /// The start of the name of a temporary file ``replace(_:with:keeping:)`` writes for a file, in the file's
    /// folder: `.FILE.login-tmp-`, followed by mkstemp's six characters.
    ///
    /// - Parameter path: The file's path.
    /// - Returns: The prefix, without the folder.
    static func temporaryPrefix(of path: String) -> String {
        ".\(lastComponent(of: path)).login-tmp-"
    }

    /// Whether a name in a file's folder is one of its temporary files: the prefix, then six of mkstemp's
    /// characters (ASCII letters and digits).
    ///
    /// - Parameters:
    ///   - name: A name in the folder.
    ///   - prefix: ``temporaryPrefix(of:)`` of the file.
    static func isTemporaryFile(_ name: String, prefix: String) -> Bool {
        guard name.hasPrefix(prefix), name.utf8.count == prefix.utf8.count + 6 else { return false }
        return name.utf8.suffix(6).allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default: false
            }
        }
    }

    /// Removes the temporary files ``replace(_:with:keeping:)`` makes (``isTemporaryFile(_:prefix:)``) in a folder:
    /// regular files only, never following a link.
    private static func removeLeftovers(in folder: String, named prefix: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        var leftovers: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
            }
            if isTemporaryFile(name, prefix: prefix) { leftovers.append(name) }
        }
        for name in leftovers {
            var info = stat()
            let path = folder + "/" + name
            guard lstat(path, &info) == 0, (UInt32(info.st_mode) & UInt32(S_IFMT)) == UInt32(S_IFREG) else { continue }
            unlink(path)
        }
    }

    private static func writeAndFlush(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(FileError) {
        guard fchmod(descriptor, 0o600) == 0 else { throw error(.setMode, path) }
        var offset = 0
        while offset < bytes.count {
            killPoint()
            let end = killStep == nil ? bytes.count : min(offset + 64, bytes.count)  // many moments to be killed at
            let written = bytes[offset..<end].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw error(.write, path)
            }
            offset += written
        }
        killPoint()
        guard fsync(descriptor) == 0 else { throw error(.flush, path) }
    }

    #if DEBUG
        /// Test hook, compiled in debug builds only: with `PUREMVVM_TEST_KILL_AT_STEP=N` in the environment, the
        /// process sends itself SIGKILL at the N-th step of an account file update (after the lock, before and
        /// after each 64-byte write, before the flush, before and after the rename), so a test can stop a writer
        /// at every moment of its update. Without the variable it does nothing.
        private static let killStep: Int? = getenv("PUREMVVM_TEST_KILL_AT_STEP").flatMap { Int(String(cString: $0)) }
        /// Steps taken so far; an update runs on one thread, and only when ``killStep`` is set.
        nonisolated(unsafe) private static var stepsTaken = 0

        /// Counts a step of an update, and dies at the chosen one.
        static func killPoint() {
            guard let killStep else { return }
            stepsTaken += 1
            if stepsTaken == killStep { kill(getpid(), SIGKILL) }
        }
    #else
        private static let killStep: Int? = nil

        @inline(__always)
        static func killPoint() {}
    #endif

    /// The permission bits of a file, for tests and messages.
    static func mode(of path: String) -> UInt32? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt32(info.st_mode) & 0o7777
    }

    /// The owner and mode of a folder (following symbolic links: it is the folder itself that matters).
    ///
    /// - Returns: The status, or `nil` when the folder does not exist.
    static func folderStatus(_ path: String) throws(FileError) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw error(.inspectFolder, path)
        }
        return FileStatus(mode: UInt32(info.st_mode) & 0o7777, owner: UInt32(info.st_uid))
    }

    /// What a path holds, without following a symbolic link (`lstat`): its kind, owner and mode.
    ///
    /// - Returns: The kind and status, or `nil` when nothing is there.
    static func entry(_ path: String) throws(FileError) -> (kind: FileKind, status: FileStatus)? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw error(.inspect, path)
        }
        let type = UInt32(info.st_mode) & UInt32(S_IFMT)
        let kind: FileKind =
            type == UInt32(S_IFLNK) ? .symbolicLink : type == UInt32(S_IFREG) ? .regularFile : .other
        return (kind, FileStatus(mode: UInt32(info.st_mode) & 0o7777, owner: UInt32(info.st_uid)))
    }

    /// Tells whether a path is a symbolic link, without following it (`lstat`).
    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (UInt32(info.st_mode) & UInt32(S_IFMT)) == UInt32(S_IFLNK)
    }

    /// The user id this process runs as.
    static var currentUser: UInt32 { UInt32(geteuid()) }

    /// The folder that holds a file: the part of the path before its last `/`, or `.`.
    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func regularFileStatus(_ descriptor: Int32, _ path: String) throws(FileError) -> FileStatus {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw error(.inspect, path) }
        guard (UInt32(info.st_mode) & UInt32(S_IFMT)) == UInt32(S_IFREG) else { throw .notRegularFile(path: path) }
        return FileStatus(
            mode: UInt32(info.st_mode) & 0o7777, owner: UInt32(info.st_uid), size: Int(info.st_size),
            group: UInt32(info.st_gid))
    }

    /// The error of a failed `open` with `O_NOFOLLOW`: a symbolic link fails with ELOOP (EMLINK on FreeBSD).
    private static func openError(_ operation: FileError.Operation, _ path: String) -> FileError {
        if errno == ELOOP || errno == EMLINK, isSymbolicLink(path) { return .symbolicLink(path: path) }
        return error(operation, path)
    }

    private static func error(_ operation: FileError.Operation, _ path: String) -> FileError {
        .system(operation: operation, path: path, reason: String(cString: strerror(errno)))
    }

    private static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}

// MARK: Core files

extension POSIXFiles {
    /// Keeps the process out of core files for the rest of its life, as sudo and ssh-agent do, so a crash (or a
    /// signal such as SIGSEGV or SIGQUIT sent to it) never writes a typed password to disk: the core file size
    /// limit is set to 0, soft and hard (`setrlimit(RLIMIT_CORE)`), and, on Linux, the process is made not dumpable
    /// (`prctl(PR_SET_DUMPABLE, 0)`), which also covers a core pattern that pipes the core to a program (where the
    /// size limit does not apply) and keeps other processes of the same user from attaching to it.
    ///
    /// - Returns: `nil` when it took; otherwise the failing call and the system's explanation.
    static func forbidCoreFiles() -> String? {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        #if canImport(Glibc)
            let resource = __rlimit_resource_t(RLIMIT_CORE.rawValue)
        #else
            let resource = RLIMIT_CORE
        #endif
        guard setrlimit(resource, &none) == 0 else {
            return "setrlimit(RLIMIT_CORE): " + String(cString: strerror(errno))
        }
        #if canImport(CLinuxProcess)
            guard clinuxprocess_forbid_dumping() == 0, clinuxprocess_dumpable() == 0 else {
                return "prctl(PR_SET_DUMPABLE): " + String(cString: strerror(errno))
            }
        #endif
        return nil
    }
}

/// Sleeps the calling thread (the lock's wait happens in a synchronous update).
private func sleep(for duration: Duration) {
    let (seconds, attoseconds) = duration.components
    var time = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&time, &remaining) != 0, errno == EINTR { time = remaining }
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
