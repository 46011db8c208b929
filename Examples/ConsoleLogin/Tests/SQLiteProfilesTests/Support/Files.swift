import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Temporary files for one test, and a way to open one as a user who may not write it.
enum Files {
    /// A new empty folder for one test (see ``TemporaryFolder``), removed when the test ends.
    static func temporaryFolder(for test: XCTestCase) throws -> URL {
        let folder = try TemporaryFolder.make(prefix: "puremvvm-sqlite")
        // Whatever the process's umask (other suites in this bundle set 077), `nobody` may enter but not write.
        guard chmod(folder.path, 0o755) == 0 else { throw TestSetupError("cannot chmod \(folder.path)") }
        test.addTeardownBlock {
            _ = chmod(folder.path, 0o700)
            try? FileManager.default.removeItem(at: folder)
        }
        return folder
    }

    /// Runs `body` on this thread as a user the file permissions apply to: as it is for a normal user; for root
    /// (as in a CI container), with this thread's file-system user id set to `nobody` (Linux's `setfsuid`, which
    /// also drops the capability to override permissions), restored afterwards.
    static func withoutFilePrivileges<Result>(_ body: () throws -> Result) throws -> Result {
        guard geteuid() == 0 else { return try body() }
        #if os(Linux)
            typealias SetFileSystemUser = @convention(c) (UInt32) -> Int32
            guard let symbol = dlsym(nil, "setfsuid") else { throw TestSetupError("no setfsuid in the C library") }
            let setFileSystemUser = unsafeBitCast(symbol, to: SetFileSystemUser.self)
            _ = setFileSystemUser(65_534)
            defer { _ = setFileSystemUser(0) }
            guard setFileSystemUser(65_534) == 65_534 else { throw TestSetupError("setfsuid(nobody) did not take") }
            return try body()
        #else
            throw XCTSkip("running as root, this platform cannot drop file privileges for one thread")
        #endif
    }
}
