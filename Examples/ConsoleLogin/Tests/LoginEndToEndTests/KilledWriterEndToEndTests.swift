import Foundation
import TestSupport
import XCTest

/// `login add-user` killed with SIGKILL at every step of its update, in two folders at once, 100 times: each time
/// the account file still reads and holds exactly the entries it held before or exactly those plus the new one, and
/// the temporary files that killed writers leave behind are removed by the next writer.
///
/// The moments come from a test hook compiled into debug builds only (`PUREMVVM_TEST_KILL_AT_STEP=N`, see
/// POSIXFiles): the writer kills itself at the N-th step of its update (after taking the lock, before and after
/// each 64-byte write of the new file, before the flush, before and after the rename), so every moment is
/// reached, in order, without timing. The writers hash at the method's lowest cost (the debug-only
/// `PUREMVVM_TEST_LOWEST_HASH_COST=1`): what is tested is the file, not the hash, and crypt(3) at its full cost
/// was more than half of each writer's instructions.
final class KilledWriterEndToEndTests: GuardedTestCase {
    /// Two folders at once (one writer a core), 50 writers each, killed at steps 1 to 50 (an update of these files
    /// has fewer steps, so the last writers of each folder are not killed and add their entry). The moments are
    /// the same in both: the second folder runs them beside the first, not more of them.
    func testAWriterKilledAtAnyStepLeavesTheOldOrTheNewFile() throws {
        let login = try LoginBinary.path()
        let root = try Paths.temporaryFolder(for: self)
        let lock = NSLock()
        nonisolated(unsafe) var failures: [String] = []
        nonisolated(unsafe) var outcomes = (killed: 0, old: 0, new: 0, leftovers: 0)

        DispatchQueue.concurrentPerform(iterations: 2) { run in
            let folder = root.appendingPathComponent("writers-\(run)").path
            let accounts = folder + "/team.accounts"
            var expected = (1...20).map { "member.\(run).\($0)" }
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
                let hash = "$6$salt$" + String(repeating: "h", count: 86)
                let text = "# team \(run)\n" + expected.map { "\($0):\(hash)\n" }.joined()
                try text.write(toFile: accounts, atomically: true, encoding: .utf8)
                for step in 1...50 {
                    let name = "killed.\(run).\(step)"
                    let result = try PipedProcess.run(
                        login,
                        ["add-user", "--accounts", accounts, "--password-stdin", "--method", "sha512crypt", name],
                        input: Array("balabala\n".utf8),
                        environment: Spawn.environment([
                            "PUREMVVM_TEST_KILL_AT_STEP": String(step), "PUREMVVM_TEST_LOWEST_HASH_COST": "1",
                        ]))
                    let names = try Self.names(in: accounts)
                    let killed = result.status == .signalled(SIGKILL)
                    let leftovers = try Self.temporaryFiles(in: folder)
                    lock.withLock {
                        outcomes.killed += killed ? 1 : 0
                        outcomes.leftovers += leftovers.isEmpty ? 0 : 1
                    }
                    if !killed && result.status != .exited(0) {
                        throw TestSetupError("step \(step): \(result.status) \(result.errors)")
                    }
                    if names == expected {
                        if !killed { throw TestSetupError("step \(step): exited 0 without adding \(name)") }
                        lock.withLock { outcomes.old += 1 }
                    } else if names == expected + [name] {
                        expected = names
                        lock.withLock { outcomes.new += 1 }
                    } else {
                        throw TestSetupError("step \(step): the file holds \(names), expected \(expected) (+ \(name))")
                    }
                }
                let last = try PipedProcess.run(
                    login,
                    ["add-user", "--accounts", accounts, "--password-stdin", "--method", "sha512crypt", "last.one"],
                    input: Array("balabala\n".utf8),
                    environment: Spawn.environment(["PUREMVVM_TEST_LOWEST_HASH_COST": "1"]))
                if last.status != .exited(0) { throw TestSetupError("the last writer: \(last.status) \(last.errors)") }
                if try Self.names(in: accounts) != expected + ["last.one"] { throw TestSetupError("the last entry") }
                let listing = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                if listing != ["team.accounts", "team.accounts.lock"] {
                    throw TestSetupError("after the last writer the folder holds \(listing)")
                }
            } catch {
                lock.withLock { failures.append("folder \(run): \(error)") }
            }
        }

        XCTAssertEqual(failures, [])
        XCTAssertGreaterThanOrEqual(outcomes.killed, 80, "most writers were killed mid-update")
        XCTAssertGreaterThan(outcomes.old, 0, "some kills came before the rename: the old file")
        XCTAssertGreaterThan(outcomes.new, 0, "some after it: the new file")
        XCTAssertGreaterThan(outcomes.leftovers, 0, "some kills left a temporary file for the next writer")
    }

    /// The names of a file's entries, in order; throws when a line is neither a comment nor `name:hash`.
    private static func names(in path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard text.hasSuffix("\n") else { throw TestSetupError("\(path) does not end with a newline: cut short") }
        return try text.split(separator: "\n").compactMap { line in
            if line.hasPrefix("#") { return nil }
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count == 2, !fields[0].isEmpty, fields[1].hasPrefix("$6$") else {
                throw TestSetupError("\(path): a malformed line \(line.debugDescription)")
            }
            return String(fields[0])
        }
    }

    private static func temporaryFiles(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".team.accounts.login-tmp-") }
    }
}
