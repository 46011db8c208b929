import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `login add-user` as a program: the entry it writes signs in, concurrent writers lose nothing, and a malformed
/// file is never rewritten.
final class AddUserEndToEndTests: GuardedTestCase {
    private func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o7777
    }

    func testAnAddedUserSignsIn() throws {
        let login = try LoginBinary.path()
        let accounts = try Paths.temporaryFolder(for: self).appendingPathComponent("team.accounts").path

        let added = try PipedProcess.run(
            login, ["add-user", "--accounts", accounts, "--password-stdin", "new.member"],
            input: Array("s3cret pass\n".utf8))
        XCTAssertEqual(added.status, .exited(0), added.errors)
        XCTAssertEqual(added.output, "Added \"new.member\" to \(accounts).\n")
        XCTAssertEqual(mode(accounts), 0o600)

        let signedIn = try PipedProcess.run(
            login, ["--accounts", accounts, "--username", "new.member", "--password-stdin"],
            input: Array("s3cret pass\n".utf8))
        XCTAssertEqual(signedIn.status, .exited(0), signedIn.output)
        XCTAssertTrue(signedIn.output.hasSuffix("Welcome, new.member!\n"))
    }

    func testConcurrentWritersLoseNoEntryAndLeaveNoTemporaryFile() throws {
        let login = try LoginBinary.path()
        let folder = try Paths.temporaryFolder(for: self)
        let accounts = folder.appendingPathComponent("team.accounts").path
        try "# the team\n".write(toFile: accounts, atomically: true, encoding: .utf8)
        let names = (1...8).map { "member.\($0)" }
        let lock = NSLock()
        nonisolated(unsafe) var statuses: [String: ExitStatus] = [:]

        // The hashes' cost is `testAnAddedUserSignsIn`'s to prove; these writers hash at the lowest cost.
        let cheapHashes = Spawn.environment(["PUREMVVM_TEST_LOWEST_HASH_COST": "1"])
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            let result = try? PipedProcess.run(
                login,
                ["add-user", "--accounts", accounts, "--password-stdin", "--method", "sha512crypt", names[index]],
                input: Array("password-\(index)\n".utf8), environment: cheapHashes)
            lock.withLock { statuses[names[index]] = result?.status }
        }

        XCTAssertEqual(statuses, Dictionary(uniqueKeysWithValues: names.map { ($0, ExitStatus.exited(0)) }))
        let lines = try String(contentsOfFile: accounts, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.first, "# the team")
        XCTAssertEqual(Set(lines.dropFirst().map { String($0.split(separator: ":")[0]) }), Set(names))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
            ["team.accounts", "team.accounts.lock"])
        let signIns = concurrently(Array(names.enumerated())) { index, name in
            Result {
                try PipedProcess.run(
                    login, ["--accounts", accounts, "--username", name, "--password-stdin"],
                    input: Array("password-\(index)\n".utf8))
            }
        }
        for (name, signIn) in zip(names, signIns) {
            XCTAssertEqual(try signIn.get().status, .exited(0), name)
        }
    }

    func testAMalformedFileIsNeverRewritten() throws {
        let login = try LoginBinary.path()
        let accounts = try Paths.temporaryFolder(for: self).appendingPathComponent("team.accounts").path
        let original = Data("dimsky:$6$salt$hash\nbroken line\n".utf8)
        try original.write(to: URL(fileURLWithPath: accounts))

        let result = try PipedProcess.run(
            login, ["add-user", "--accounts", accounts, "--password-stdin", "new.member"],
            input: Array("s3cret pass\n".utf8))

        XCTAssertEqual(result.status, .exited(2))
        XCTAssertEqual(result.errors, "login: \(accounts): line 2: expected name:hash, found no ':'\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: accounts)), original)
    }
}
