import Foundation
import TestSupport
import XCTest

/// `login` and standard tools agree: lines made by mkpasswd, openssl and htpasswd sign in, and lines written by
/// `login add-user` are what the tools compute too. The tools' output is committed (see the make-*.sh scripts
/// beside the fixtures), so these tests need no tool.
final class InteropTests: GuardedTestCase {
    private let password = "correct horse battery staple"
    private let folder = Paths.fixtures.appendingPathComponent("accounts/interop")

    private func entries(_ name: String) throws -> [(name: String, hash: String)] {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            .split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .map { line in
                let parts = line.split(separator: ":", maxSplits: 1)
                return (String(parts[0]), String(parts[1]))
            }
    }

    func testLinesMadeByStandardToolsSignIn() throws {
        let login = try LoginBinary.path()
        let accounts = try Paths.fixtureCopy("accounts/interop/tool-made.accounts", for: self)
        let names = try entries("tool-made.accounts").map(\.name)
        XCTAssertEqual(names, ["mkpasswd.yescrypt", "openssl.sha512crypt", "htpasswd.bcrypt", "mkpasswd.bcrypt"])
        try signIn(names, with: accounts, using: login)
    }

    func testLinesWrittenByAddUserAreWhatTheToolsCompute() throws {
        let written = try entries("login-made.accounts")
        let recomputed = try entries("login-made.verified")
        XCTAssertEqual(written.map(\.name), ["login.yescrypt", "login.sha512crypt", "login.bcrypt"])
        XCTAssertEqual(recomputed.map(\.name), written.map(\.name))
        for (line, tool) in zip(written, recomputed) {
            XCTAssertEqual(line.hash, tool.hash, "\(line.name): the tool computed another hash")
        }
        XCTAssertTrue(written[0].hash.hasPrefix("$y$"))
        XCTAssertTrue(written[1].hash.hasPrefix("$6$"))
        XCTAssertTrue(written[2].hash.hasPrefix("$2b$12$"))
        let verified = try String(contentsOf: folder.appendingPathComponent("login-made.verified"), encoding: .utf8)
        XCTAssertTrue(verified.contains("# Password for user login.bcrypt correct."), "htpasswd's verdict")
    }

    func testLinesWrittenByAddUserSignIn() throws {
        let login = try LoginBinary.path()
        let accounts = try Paths.fixtureCopy("accounts/interop/login-made.accounts", for: self)
        try signIn(try entries("login-made.accounts").map(\.name), with: accounts, using: login)
    }

    /// Signs each name in with the tools' password, every one at once, and checks each was let in.
    private func signIn(_ names: [String], with accounts: String, using login: String) throws {
        let password = password
        let runs = concurrently(names) { name in
            Result {
                try PipedProcess.run(
                    login, ["--accounts", accounts, "--username", name, "--password-stdin"],
                    input: Array("\(password)\n".utf8))
            }
        }
        for (name, run) in zip(names, runs) {
            let result = try run.get()
            XCTAssertEqual(result.status, .exited(0), "\(name): \(result.output)\(result.errors)")
        }
    }
}
