import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 31, F3: a crash of `login` (or a SIGSEGV sent to it) after a password was typed wrote the password into a
/// core file. `login` now keeps itself out of core files before it reads anything: its core size limit is 0, soft
/// and hard, and on Linux it is not dumpable, which also stops a core that a pipe in the core pattern would take.
///
/// Nothing is changed on the machine: the core pattern is read, never written. `login` runs in a folder of the
/// test's own, started by a shell that raises its core limit (`ulimit -c unlimited`, which the runner's hard limit
/// allows); with a pattern such as this machine's `core` (a file in the crashed process's folder) a core would
/// land there. Where the pattern sends cores elsewhere (`|…`, an absolute path) the crash test cannot look at them:
/// it is skipped, saying so, and fails when `CI` is set. The limit `login` sets cannot be raised again from outside
/// here (this machine's root lacks CAP_SYS_RESOURCE), so not being dumpable is shown apart, by what the kernel
/// shows of it: the files of `/proc/PID` of a process that is not dumpable belong to root, whoever runs it, so
/// `login` is run as `nobody` (with setpriv, which needs root: skipped otherwise, failing when `CI` is set).
final class CoreFileEndToEndTests: GuardedTestCase {
    /// The password typed: long enough to live on the heap, and found nowhere else.
    private let secret = "core-probe-secret-7Hq2Zx9wPq"

    /// Starts `login` on a terminal, in `folder`, with no core limit (the shell raises it: the runner's hard limit
    /// must allow it, else the test cannot tell that `login` lowers it and says so).
    private func startLogin(in folder: String) throws -> PseudoTerminalProcess {
        #if os(Linux)
            var limit = rlimit()
            getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
            if limit.rlim_max != rlim_t.max {  // RLIM_INFINITY
                let reason = "the hard core limit is \(limit.rlim_max) here: login cannot be started without one"
                if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail(reason) }
                throw XCTSkip(reason)
            }
        #endif
        return try PseudoTerminalProcess(
            "/bin/sh",
            [
                "-c", "cd \"$1\" || exit 99; ulimit -c unlimited || exit 98; shift; exec \"$0\" \"$@\"",
                try LoginBinary.path(), folder, "--language", "en",
            ],
            environment: Spawn.environment(["TERM": "dumb", "NO_COLOR": "1", "PUREMVVM_TEST_SKIP_DELAYS": "1"]))
    }

    /// The core file size limits of a running process, soft and hard, from `/proc/PID/limits`.
    private func coreLimits(of pid: pid_t) throws -> (soft: String, hard: String) {
        let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
        let line = try XCTUnwrap(
            limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }, "no core line in \(limits)")
        let fields = line.dropFirst("Max core file size".count).split(separator: " ")
        return (String(fields[0]), String(fields[1]))
    }

    func testCoreFilesAreOffBeforeAPasswordIsRead() throws {
        #if os(Linux)
            let folder = try Paths.temporaryFolder(for: self).path
            let session = try startLogin(in: folder)
            try session.waitFor("Username: ")
            session.type("dimsky\r")
            try session.waitFor("Password: ")
            let limits = try coreLimits(of: session.pid)
            XCTAssertEqual(limits.soft, "0", "the shell started it with no limit; login set 0")
            XCTAssertEqual(limits.hard, "0", "and it cannot be raised again by the process")
            session.type("\u{4}")
            XCTAssertEqual(try session.waitForExit(), .exited(1))
        #else
            throw XCTSkip("/proc/PID/limits is Linux's")
        #endif
    }

    func testLoginIsNotDumpableBeforeAPasswordIsRead() throws {
        #if os(Linux)
            guard geteuid() == 0 else {
                let reason = "running login as nobody needs root"
                if ProcessInfo.processInfo.environment["CI"] != nil { return XCTFail(reason) }
                throw XCTSkip(reason)
            }
            let session = try PseudoTerminalProcess(
                "/usr/bin/setpriv",
                ["--reuid=65534", "--regid=65534", "--clear-groups", try LoginBinary.path(), "--language", "en"],
                environment: Spawn.environment(["TERM": "dumb", "NO_COLOR": "1"]))
            try session.waitFor("Username: ")
            session.type("dimsky\r")
            try session.waitFor("Password: ")
            XCTAssertEqual(
                try String(contentsOfFile: "/proc/\(session.pid)/status", encoding: .utf8)
                    .split(separator: "\n").first { $0.hasPrefix("Uid:") }?.split(separator: "\t").dropFirst().first,
                "65534", "login runs as nobody")
            var status = stat()
            XCTAssertEqual(stat("/proc/\(session.pid)/environ", &status), 0)
            XCTAssertEqual(status.st_uid, 0, "not dumpable: its /proc files are root's, not nobody's")
            session.type("\u{4}")
            XCTAssertEqual(try session.waitForExit(), .exited(1))
        #else
            throw XCTSkip("PR_SET_DUMPABLE is Linux's")
        #endif
    }

    func testACrashAfterAPasswordWasTypedLeavesNoCoreHoldingIt() throws {
        #if os(Linux)
            let pattern = try String(contentsOfFile: "/proc/sys/kernel/core_pattern", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard !pattern.hasPrefix("|"), !pattern.contains("/") else {
                let reason = "the core pattern \(pattern.debugDescription) puts cores where this test cannot look"
                if ProcessInfo.processInfo.environment["CI"] != nil { return XCTFail(reason) }
                throw XCTSkip(reason)
            }
            let folder = try Paths.temporaryFolder(for: self).path
            let session = try startLogin(in: folder)
            try session.waitFor("Username: ")
            session.type("dimsky\r")
            try session.waitFor("Password: ")
            session.type(secret + "\r")
            try session.waitFor("! Sign-in failed: Wrong username or password.")
            try session.waitFor("Username: ")  // the password was read and checked; no line was read since

            kill(session.pid, SIGSEGV)
            let status = try session.waitForExit()
            // Under scripts/sanitize.sh the sanitizer's crash handler reports and exits with a status instead.
            let environment = ProcessInfo.processInfo.environment
            if environment["ASAN_OPTIONS"] == nil && environment["TSAN_OPTIONS"] == nil {
                XCTAssertEqual(status, .signalled(SIGSEGV))
            }

            let cores = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("core") }
            for core in cores {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + core))
                XCTAssertNil(bytes.range(of: Data(secret.utf8)), "\(core) (\(bytes.count) bytes) holds the password")
            }
            XCTAssertEqual(cores, [], "no core file was written")
        #else
            throw XCTSkip("the core pattern is Linux's")
        #endif
    }
}
