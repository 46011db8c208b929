// The process's limits against what a sign-in needs (issue 40, F2 and F3): checked before anything else runs,
// since with `ulimit -n 4` the process died of SIGILL with nothing said (a thread pool with no file left for its
// event descriptors), and with `ulimit -v` at 40 to 56 MiB it waited for ever (the main thread in dispatchMain while
// libdispatch retried a thread it could not create).

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// What a sign-in needs of the open-file and address-space limits, and whether the process has it.
///
/// - Open files: ``signInFiles`` more than are open when `login` starts. A session at the home screen with its
///   database open holds 7 more than the 3 standard streams (measured with `ulimit -n`: 10 works, 8 does not); PAM
///   modules open more (pam_unix's helper and its pipe, sssd's socket), and `dlopen` one per library it opens. 32 is
///   a margin over all of them.
/// - Address space: ``signInAddressSpace`` more than is mapped when `login` starts (`VmSize`), and a yescrypt check's
///   memory (16 MiB at libxcrypt's default; ``addressSpace(forHashesOf:)`` asks again once an account file's costs are
///   known): room for the threads the sign-in runs on (four stacks of the stack limit, 8 MiB by default), the account
///   file and its index, and the allocator's own. A debug build mapped 36 MiB at its first prompt, and a session with
///   a default-cost yescrypt file reached its orders screen at `ulimit -v` 90 MiB and failed at 80 (each check then
///   had no memory): 54 MiB beyond the start, and one run in about a hundred at 107 MiB waited for a thread for
///   ever (each new thread's stack and allocator arena take address space too); this asks 112.
/// - Threads: one is started and joined (`pthread_create`), as the sign-in's work and the terminal's reads need,
///   so a process limit (`ulimit -u`) that allows none is found before anything is asked.
///
/// Without such limits (unlimited, `RLIM_INFINITY`), or where the system does not tell (no `/proc`), there is nothing to check.
enum ResourceLimits {
    /// A limit too low for a sign-in.
    enum Shortfall: Equatable {
        /// `RLIMIT_NOFILE`: the limit, the files open now, and the least limit a sign-in needs.
        case openFiles(limit: Int, open: Int, needed: Int)
        /// `RLIMIT_AS`: the limit, the bytes mapped now, the least limit a sign-in needs, and, after an account
        /// file was read, the memory one of its yescrypt checks takes.
        case addressSpace(limit: Int, mapped: Int, needed: Int, hashMemory: Int?)
        /// No thread could be started: the system's reason.
        case threads(reason: String)
    }

    /// The files a sign-in opens at most beyond those open at start, with a margin (see the type's description).
    static let signInFiles = 32

    /// The bytes a sign-in maps at most beyond those mapped at start, besides its hash checks' memory.
    static let signInAddressSpace = 96 << 20

    /// The memory of a yescrypt check at libxcrypt's default cost (`$y$j9T$`: N = 4096, r = 32), what `login`
    /// assumes of a sign-in before an account file's costs are known, and what `add-user` and sign-up hash with.
    static let defaultHashMemory = 16 << 20

    /// Checks the limits at start: open files, address space (with a default-cost yescrypt check), a thread.
    ///
    /// - Returns: The first limit too low, or `nil`.
    static func checkAtStart() -> Shortfall? {
        if isSkippedForTests { return nil }
        #if os(Linux)
            if let shortfall = openFiles() { return shortfall }
            if let shortfall = addressSpace(hashMemory: defaultHashMemory, known: false) { return shortfall }
            return threads()
        #else
            return nil
        #endif
    }

    /// Checks the address space again once an account file is read, against its costliest yescrypt check: a file
    /// whose hashes take more than the default's memory (libxcrypt's cost 11 takes 1 GiB) needs more.
    ///
    /// - Parameter hashMemory: The most memory one check of the file's hashes takes, in bytes.
    /// - Returns: The shortfall, or `nil`.
    static func addressSpace(forHashesOf hashMemory: Int) -> Shortfall? {
        if isSkippedForTests { return nil }
        #if os(Linux)
            guard hashMemory > defaultHashMemory else { return nil }
            return addressSpace(hashMemory: hashMemory, known: true)
        #else
            return nil
        #endif
    }

    // MARK: Private

    /// Whether the checks are skipped: a test hook of debug builds (`PUREMVVM_TEST_SKIP_LIMIT_CHECKS=1`), for a test
    /// of what a sign-in does when its limits run out after all.
    private static var isSkippedForTests: Bool {
        #if DEBUG
            getenv("PUREMVVM_TEST_SKIP_LIMIT_CHECKS").map { String(cString: $0) == "1" } ?? false
        #else
            false
        #endif
    }

    #if os(Linux)
        private static func openFiles() -> Shortfall? {
            var limit = rlimit()
            guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max
            else { return nil }
            let soft = Int(clamping: limit.rlim_cur)
            // No room for /proc's listing itself: every descriptor the limit allows is taken.
            guard let open = openDescriptors() else { return .openFiles(limit: soft, open: soft, needed: soft + 1) }
            let needed = open + signInFiles
            return soft < needed ? .openFiles(limit: soft, open: open, needed: needed) : nil
        }

        /// The descriptors open now: /proc/self/fd's entries, less the one that reads it.
        private static func openDescriptors() -> Int? {
            guard let folder = opendir("/proc/self/fd") else { return nil }
            defer { closedir(folder) }
            var count = 0
            while let entry = readdir(folder) {
                let isDot = withUnsafePointer(to: &entry.pointee.d_name) { name in
                    name.withMemoryRebound(to: CChar.self, capacity: 1) { $0.pointee == CChar(UInt8(ascii: ".")) }
                }
                if !isDot { count += 1 }
            }
            return count - 1
        }

        private static func addressSpace(hashMemory: Int, known: Bool) -> Shortfall? {
            var limit = rlimit()
            guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max,
                let mapped = mappedBytes()
            else { return nil }
            let soft = Int(clamping: limit.rlim_cur)
            let (sum, overflow) = (mapped + signInAddressSpace).addingReportingOverflow(hashMemory)
            let needed = overflow ? .max : sum
            guard soft < needed else { return nil }
            return .addressSpace(limit: soft, mapped: mapped, needed: needed, hashMemory: known ? hashMemory : nil)
        }

        /// The bytes mapped now: `VmSize` in /proc/self/status.
        private static func mappedBytes() -> Int? {
            let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var text: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                text += chunk[..<count]
            }
            for line in text.split(separator: UInt8(ascii: "\n")) where line.starts(with: "VmSize:".utf8) {
                let digits = line.drop { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
                    .prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
                guard let kibibytes = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
                return kibibytes << 10
            }
            return nil
        }

        /// Starts a thread that does nothing and joins it; the system's reason when it cannot.
        private static func threads() -> Shortfall? {
            var thread = pthread_t()
            let started = pthread_create(&thread, nil, { _ in nil }, nil)
            guard started == 0 else { return .threads(reason: String(cString: strerror(started))) }
            pthread_join(thread, nil)
            return nil
        }
    #endif
}
