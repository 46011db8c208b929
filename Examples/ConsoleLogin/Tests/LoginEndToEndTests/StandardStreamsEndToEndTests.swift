import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 21, point 4, on the built binary: an output that cannot be written (a full disk: /dev/full; a closed
/// stream), a closed standard input and a held account-file lock are errors with a message and exit status 2,
/// never a silent success or an empty password.
final class StandardStreamsEndToEndTests: GuardedTestCase {
    private enum Adjustment: Sendable {
        case none
        case outputOnFullDisk
        case outputClosed
        case inputClosed
        case inputFromAFolder
    }

    private struct Run: Sendable {
        let arguments: [String]
        let input: String
        let adjustment: Adjustment
    }

    private static func run(_ run: Run) throws -> PipedProcess.Result {
        try PipedProcess.run(try LoginBinary.path(), run.arguments, input: Array(run.input.utf8)) { actions in
            switch run.adjustment {
            case .none: break
            case .outputOnFullDisk: posix_spawn_file_actions_addopen(&actions, 1, "/dev/full", O_WRONLY, 0)
            case .outputClosed: posix_spawn_file_actions_addclose(&actions, 1)
            case .inputClosed: posix_spawn_file_actions_addclose(&actions, 0)
            case .inputFromAFolder: posix_spawn_file_actions_addopen(&actions, 0, "/", O_RDONLY, 0)  // read: EISDIR
            }
        }
    }

    func testOutputsThatCannotBeWrittenAndAClosedInputAreErrors() throws {
        let full = "login: cannot write to standard output: No space left on device.\n"
        let cases: [(Run, String)] = [
            (Run(arguments: ["--help"], input: "", adjustment: .outputOnFullDisk), full),
            (
                Run(
                    arguments: ["--username", "dimsky", "--password-stdin"], input: "balabala\n",
                    adjustment: .outputOnFullDisk), full
            ),
            (
                Run(arguments: ["--help"], input: "", adjustment: .outputClosed),
                "login: cannot write to standard output: it was closed when the program started.\n"
            ),
            (
                Run(arguments: ["--username", "dimsky", "--password-stdin"], input: "", adjustment: .inputClosed),
                "login: cannot read the password from standard input: it was closed when the program started.\n"
            ),
            (
                Run(arguments: ["--username", "dimsky", "--password-stdin"], input: "", adjustment: .inputFromAFolder),
                "login: cannot read the password from standard input: Is a directory.\n"
            ),
        ]
        let results = concurrently(cases.map(\.0)) { run in Swift.Result { try Self.run(run) } }
        for ((run, message), result) in zip(cases, results) {
            let result = try result.get()
            XCTAssertEqual(result.status, .exited(2), "\(run.arguments) \(run.adjustment)")
            XCTAssertEqual(result.errors, message, "\(run.arguments) \(run.adjustment)")
        }
    }

    func testAHeldLockIsWaitedForWithAMessageThenExit2WithNothingChanged() throws {
        let folder = try Paths.temporaryFolder(for: self)
        let path = folder.appendingPathComponent("team.accounts").path
        let original = "dimsky:$y$j9T$ZKpiHfXXuMxsz7LcU0IKf.$1dXY24usayH0eW.OakF0G/xY4CT14Ift8eM2y4PjoC5\n"
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        let holder = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        XCTAssertEqual(flock(holder, LOCK_EX), 0)
        defer { close(holder) }

        // The debug build's test hook waits 0.1 s instead of 5, the whole wait still real (no test sleeps).
        let result = try PipedProcess.run(
            try LoginBinary.path(), ["add-user", "--accounts", path, "--password-stdin", "bob.smith"],
            input: Array("balabala\n".utf8),
            environment: Spawn.environment(["PUREMVVM_TEST_LOCK_TIMEOUT": "0.1", "PUREMVVM_TEST_LOWEST_HASH_COST": "1"])
        )

        XCTAssertEqual(result.status, .exited(2))
        XCTAssertEqual(
            result.errors,
            "login: waiting for \(path).lock: another program is changing the account file (for at most 0.1 "
                + "seconds)…\nlogin: \(path).lock was still locked by another program after 0.1 seconds; nothing was "
                + "changed. If no login add-user or sign-up is running, find the holder with: fuser -v \(path).lock\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), original)
    }
}
