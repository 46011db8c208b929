import Crypt
import Foundation
import LoginFeature
import TestSupport
import XCTest

@testable import Crypt

/// libxcrypt's crypt(3) behind `PasswordHasher`: each accepted method round-trips, lines made by standard tools
/// verify, and everything else fails closed.
final class CryptPasswordHasherTests: GuardedTestCase {
    private let toolPassword = "correct horse battery staple"

    func testEachMethodHashesWithItsPrefixAndAFreshSaltAndVerifies() throws {
        let methods: [(CryptPasswordHasher.Method, String)] = [
            (.yescrypt, "$y$"), (.sha512crypt, "$6$"), (.bcrypt, "$2b$"),
        ]
        // Every hash, then every check, runs at once on the machine's cores, at each method's lowest cost: bcrypt at
        // its default (12, checked below and written by AddUserTests) takes a quarter of a second.
        let hashes = try Self.concurrently(methods.flatMap { [$0.0, $0.0] }) { method in
            Result { try Self.cheap(method).hash("balabala") }
        }
        .map { try $0.get() }
        let checks = methods.indices.flatMap { index in
            let (first, second) = (hashes[2 * index], hashes[2 * index + 1])
            return [("balabala", first), ("balabala", second), ("balabalA", first), ("", first)].map {
                (methods[index].0, $0.0, $0.1)
            }
        }
        let verdicts = Self.concurrently(checks) { method, password, hash in
            (try? CryptPasswordHasher(method: method).verify(password, against: hash)) ?? false
        }
        for (index, (method, prefix)) in methods.enumerated() {
            let hasher = try CryptPasswordHasher(method: method)
            let (first, second) = (hashes[2 * index], hashes[2 * index + 1])
            XCTAssertTrue(first.hasPrefix(prefix), "\(method): \(first)")
            XCTAssertNotEqual(first, second, "\(method): each hash has its own salt")
            XCTAssertEqual(verdicts[4 * index..<4 * index + 4], [true, true, false, false], "\(method)")
            XCTAssertNoThrow(try hasher.checkHash(first), "\(method)")
        }
        XCTAssertTrue(hashes[4].hasPrefix("$2b$04$"), "the cheap cost reached crypt_gensalt: \(hashes[4])")
        XCTAssertEqual(try CryptPasswordHasher(method: .bcrypt).cost, 12, "new bcrypt hashes cost 12")
        XCTAssertEqual(try CryptPasswordHasher(method: .yescrypt).cost, 0, "yescrypt: libxcrypt's default")
    }

    /// A hasher for round trips, at the method's lowest cost (bcrypt 4, sha512crypt 1000 rounds, yescrypt 1).
    private static func cheap(_ method: CryptPasswordHasher.Method) throws -> CryptPasswordHasher {
        try CryptPasswordHasher(method: method, cost: method.lowestCost)
    }

    /// Runs `body` for every item at once and returns the results in order.
    private static func concurrently<Item: Sendable, Output>(
        _ items: [Item], _ body: @escaping @Sendable (Item) -> Output
    ) -> [Output] {
        let slots = Slots<Output>(items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            let value = body(items[index])
            slots.lock.withLock { slots.values[index] = value }
        }
        return slots.values.compactMap { $0 }
    }

    func testTheDefaultMethodIsYescrypt() throws {
        XCTAssertEqual(try CryptPasswordHasher().method, .yescrypt)
        XCTAssertTrue(try CryptPasswordHasher().hash("balabala").hasPrefix("$y$"))
        XCTAssertTrue(CryptPasswordHasher.isAvailable)
    }

    func testLinesMadeByStandardToolsVerify() throws {
        let file = try AccountFile(bytes: Data(contentsOf: fixture("accounts/interop/tool-made.accounts")))
        let hasher = try CryptPasswordHasher()
        XCTAssertEqual(
            file.accounts.map(\.name),
            ["mkpasswd.yescrypt", "openssl.sha512crypt", "htpasswd.bcrypt", "mkpasswd.bcrypt"])
        XCTAssertNoThrow(try file.checkHashes(with: hasher))
        for account in file.accounts {
            XCTAssertTrue(hasher.verify(toolPassword, against: account.passwordHash), account.name)
            XCTAssertFalse(hasher.verify(toolPassword + " ", against: account.passwordHash), account.name)
            // Every character of the hash counts, the last too.
            let last: Character = account.passwordHash.last == "." ? "/" : "."
            let otherEnd = String(account.passwordHash.dropLast()) + String(last)
            XCTAssertFalse(hasher.verify(toolPassword, against: otherEnd), "\(account.name): \(otherEnd)")
        }
    }

    func testUnusableHashesFailClosed() throws {
        let hasher = try CryptPasswordHasher()
        let md5 = "$1$saltsalt$R45iGIdxlBX197Fk6XdUH0"  // openssl passwd -1 of "balabala": refused method
        let good = try hasher.hash("balabala")
        let hashes = [
            "", "*", "*0", "!", "!" + good, "*" + good, md5, "abcdefghijklm", "$y$", "$y$j9T$", "$6$",
            String(good.dropLast(5)), good + "x", good.replacingOccurrences(of: "$y$", with: "$gy$"),
        ]
        for hash in hashes {
            XCTAssertFalse(hasher.verify("balabala", against: hash), hash)
        }
    }

    func testPasswordsCryptWouldShortenAreRefused() throws {
        let hasher = try CryptPasswordHasher()
        // The two hashes that work, side by side (bcrypt at cost 4: the length limit does not depend on it).
        let hashes = Self.concurrently([
            (CryptPasswordHasher.Method.yescrypt, "balabala"), (.bcrypt, String(repeating: "a", count: 72)),
        ]) {
            method, password in Result { try Self.cheap(method).hash(password) }
        }
        let good = try hashes[0].get()
        XCTAssertNoThrow(try hashes[1].get(), "bcrypt takes 72 bytes")
        XCTAssertThrowsError(try hasher.hash("bala\0bala")) { error in
            XCTAssertEqual(error as? PasswordHashingError, .unusablePassword(.containsNUL))
        }
        XCTAssertFalse(hasher.verify("balabala\0anything", against: good), "NUL would cut the password short")

        let bcrypt = try CryptPasswordHasher(method: .bcrypt)
        XCTAssertThrowsError(try bcrypt.hash(String(repeating: "a", count: 73))) { error in
            XCTAssertEqual(
                error as? PasswordHashingError, .unusablePassword(.tooLong(method: "bcrypt", maximumBytes: 72)))
        }
    }

    /// An account file's hashes are checked from their bytes, with crypt_checksalt's answer for the method's
    /// prefix; the `String` check asks crypt_checksalt about the whole hash. Both must agree on every hash.
    func testCheckingBytesAgreesWithCheckingTheWholeHashWithLibxcrypt() throws {
        let hasher = try CryptPasswordHasher()
        let hashes = [
            try hasher.hash("balabala"), try CryptPasswordHasher(method: .sha512crypt).hash("balabala"),
            "$6$rounds=5000$saltsalt$abc", "$2a$05$abcdefghijklmnopqrstuu", "$2y$05$abcdefghijklmnopqrstuu",
            "$2b$05$abcdefghijklmnopqrstuu", "$2x$05$abcdefghijklmnopqrstuu", "$y$", "$6$", "$2b$",
            "$y$j9T$salt!$hash", "$y$j9T$salt*$hash", "$y$j9T$salt;$hash", "$y$j9T$salt\\$hash", "$y$j9T$sa:lt$h",
            "$6$salt salt$hash", "$6$salt\u{7F}$hash", "$y$j9T$saltsaltsaltsaltsaltsaltsaltsaltsalt$é", "$y$j9T$a\tb",
            "$1$saltsalt$R45iGIdxlBX197Fk6XdUH0", "$5$salt$hash", "$7$salt", "$gy$j9T$salt$hash", "ab01234567890",
            "*", "!", "", "$", "$y", "$2", "$2b", "fake$alabalab",
        ]
        for hash in hashes {
            let whole = Result { () throws(PasswordHashingError) in try hasher.checkHash(hash) }
            let bytes = Array(hash.utf8).withUnsafeBufferPointer { bytes in
                Result { () throws(PasswordHashingError) in try hasher.checkHash(utf8: bytes) }
            }
            XCTAssertEqual("\(bytes)", "\(whole)", hash.debugDescription)
        }
    }

    /// The byte check runs sixteen bytes at a time, the last sixteen overlapping: a refused byte at any place of
    /// a long or a short hash is found, as crypt_checksalt finds it in the whole hash.
    func testCheckingBytesFindsARefusedByteAtEveryPlace() throws {
        let hasher = try CryptPasswordHasher()
        let hashes = [
            Array(try hasher.hash("balabala").utf8), Array("$6$saltsalt$abcdefghijklmnopq".utf8),
            Array("$y$j9T$ab".utf8),
        ]
        let bytes: [UInt8] = [0x00, 0x09, 0x20, 0x21, 0x22, 0x2A, 0x2E, 0x3A, 0x3B, 0x5C, 0x7E, 0x7F, 0x80, 0xFF]
        for hash in hashes {
            for place in 3..<hash.count {
                for byte in bytes {
                    var changed = hash
                    changed[place] = byte
                    let whole = String(decoding: changed, as: UTF8.self)
                    let expected = Result { () throws(PasswordHashingError) in try hasher.checkHash(whole) }
                    let actual = changed.withUnsafeBufferPointer { bytes in
                        Result { () throws(PasswordHashingError) in try hasher.checkHash(utf8: bytes) }
                    }
                    XCTAssertEqual("\(actual)", "\(expected)", "byte \(byte) at \(place) of \(whole.debugDescription)")
                }
            }
        }
    }

    /// Issue 21: a setting alone (`$6$salt$`, what crypt_gensalt makes) loaded and could never sign in.
    func testASettingWithoutItsHashIsRefusedAsIncomplete() throws {
        let hasher = try CryptPasswordHasher()
        for hash in [
            "$6$saltsalt$", "$6$saltsalt", "$6$rounds=5000$saltsalt$", "$6$rounds=5000$saltsalt", "$y$j9T$salt",
            "$y$j9T$salt$", "$2b$05$abcdefghijklmnopqrstuu", "$2y$12$", "$y$", "$6$",
        ] {
            XCTAssertThrowsError(try hasher.checkHash(hash), hash) { error in
                XCTAssertEqual(error as? PasswordHashingError, .incompleteHash, hash)
            }
        }
        for hash in ["$6$saltsalt$abc", "$y$j9T$salt$tooshort", "$2b$05$" + String(repeating: "a", count: 54)] {
            XCTAssertThrowsError(try hasher.checkHash(hash), hash) { error in
                XCTAssertEqual(error as? PasswordHashingError, .malformedHash, hash)
            }
        }
    }

    /// A checksum of the right length with one character outside crypt's base-64 alphabet (`-`, `_`, `~`, and the
    /// neighbours of its ranges `@`, `[`, `` ` ``, `{`: bytes crypt_checksalt lets through) is malformed, for
    /// sha512crypt and yescrypt as for bcrypt; the same checksum with that character in the alphabet, and one with
    /// the first and last character of each of its ranges, are accepted, so the length alone is not what refuses it.
    func testAChecksumOutsideCryptsAlphabetIsMalformed() throws {
        let hasher = try CryptPasswordHasher()
        for (setting, length) in [("$6$saltsalt$", 86), ("$6$rounds=5000$saltsalt$", 86), ("$y$j9T$salt$", 43)] {
            let good = setting + String(repeating: "a", count: length)
            XCTAssertNoThrow(try hasher.checkHash(good), good)
            let ends = setting + "./09AZaz" + String(repeating: "a", count: length - 8)
            XCTAssertNoThrow(try hasher.checkHash(ends), ends)
            for outsider in ["-", "_", "~", "@", "[", "`", "{"] {
                let hash = setting + String(repeating: "a", count: length - 1) + outsider
                XCTAssertThrowsError(try hasher.checkHash(hash), hash) { error in
                    XCTAssertEqual(error as? PasswordHashingError, .malformedHash, hash)
                }
            }
        }
    }

    /// What checking a hash costs, for the sign-in that checks one hash of each cost (issue 21, point 2), and the
    /// costs called weak (bcrypt below 10, sha512crypt below 5,000 rounds).
    func testEachHashHasTheCostItsMethodAndParametersSay() throws {
        let hasher = try CryptPasswordHasher()
        let toolMade = try String(contentsOf: fixture("accounts/interop/tool-made.accounts"), encoding: .utf8)
        let hashes = Dictionary(
            uniqueKeysWithValues: toolMade.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
                let parts = line.split(separator: ":", maxSplits: 1)
                return (String(parts[0]), String(parts[1]))
            })
        // Made without hashing (the cost is read, not paid): a checksum of the right length and alphabet.
        let checksum = String(repeating: "a", count: 86)
        let sha512 = "$6$rounds=1000$saltsalt$" + checksum
        let sha512Many = "$6$rounds=6000$saltsalt$" + checksum
        let sha512Clamped = "$6$rounds=10$saltsalt$" + checksum
        let bcrypt12 = "$2b$12$" + String(repeating: "b", count: 53)
        let bcrypt9 = "$2b$09$" + String(repeating: "b", count: 53)
        let bcrypt10 = "$2b$10$" + String(repeating: "b", count: 53)
        let bcrypt5 = HashCost.Weakness(method: "bcrypt", measure: .cost, value: 5, minimum: 10)
        let sha512Weak = HashCost.Weakness(method: "sha512crypt", measure: .rounds, value: 1000, minimum: 5000)
        let cases: [(String?, String, HashCost.Weakness?)] = [
            (hashes["mkpasswd.yescrypt"], "$y$j9T", nil),
            (hashes["openssl.sha512crypt"], "$6$rounds=5000", nil),
            (hashes["htpasswd.bcrypt"], "$2$5", bcrypt5),
            (hashes["mkpasswd.bcrypt"], "$2$5", bcrypt5),
            (sha512, "$6$rounds=1000", sha512Weak),
            (sha512Many, "$6$rounds=6000", nil),
            (sha512Clamped, "$6$rounds=1000", sha512Weak),
            (bcrypt12, "$2$12", nil),
            (bcrypt9, "$2$9", HashCost.Weakness(method: "bcrypt", measure: .cost, value: 9, minimum: 10)),
            (bcrypt10, "$2$10", nil),  // the boundary: 10 is not weak
            (DemoHash.lowestCostYescrypt, "$y$j75", nil),  // the boundary: libxcrypt's cost 1 is not weak
        ]
        for (hash, key, weakness) in cases {
            let hash = try XCTUnwrap(hash)
            let cost = try Array(hash.utf8).withUnsafeBufferPointer { bytes throws(PasswordHashingError) in
                try hasher.checkingCost(of: bytes)
            }
            XCTAssertEqual(cost.key, key, hash)
            XCTAssertEqual(cost.weakness, weakness, hash)
        }
        XCTAssertEqual(bcrypt5.description(in: .english), "bcrypt cost 5 is below 10")
        XCTAssertEqual(sha512Weak.description(in: .english), "sha512crypt with 1000 rounds, below 5000")
    }

    /// Issue 40, F4: `$y$j/.$` checks in 0.04 ms, a thousand times faster than libxcrypt's default, and was never
    /// called weak. yescrypt's parameters are decoded as yescrypt decodes them, and a hash with less memory than
    /// libxcrypt's cost 1 (1 MiB: N = 1024, r = 8) is weak, in the words of the other weak hashes.
    func testYescryptWithLessMemoryThanLibxcryptsCostOneIsWeak() throws {
        let hasher = try CryptPasswordHasher()
        let rest = "$saltsaltsaltsalt$" + String(repeating: "c", count: 43)
        func weak(_ memory: Int) -> HashCost.Weakness {
            HashCost.Weakness(method: "yescrypt", measure: .memory, value: memory, minimum: 1_048_576)
        }
        let cases: [(String, HashCost.Weakness?, Int)] = [
            ("j/.", weak(512), 512),  // N = 4, r = 1
            ("j7/", weak(262_144), 262_144),  // N = 1024, r = 2
            ("j65", weak(524_288), 524_288),  // N = 512, r = 8
            ("j/...", weak(1_024), 1_024),  // N = 4, r = 1, p = 2
            ("j//", weak(1_024), 1_024),  // N = 4, r = 2
            ("j75", nil, 1 << 20),  // libxcrypt's cost 1: 1 MiB
            ("j85", nil, 2 << 20),  // cost 2: 2 MiB
            ("j9T", nil, 16 << 20),  // the default, cost 5: 16 MiB
            ("jFT", nil, 1 << 30),  // cost 11: 1 GiB
            ("j9T..", nil, 32 << 20),  // p = 2: 32 MiB
            ("j9T/.", nil, 16 << 20),  // t = 1: the same memory as the default, more passes
            ("j9z", nil, 0),  // r's number is cut short: left to libxcrypt (which fails it closed)
            ("j9T0", nil, 0),  // more parameters than "have" says
        ]
        for (parameters, weakness, memory) in cases {
            let hash = Array(("$y$" + parameters + rest).utf8)
            let cost = try hash.withUnsafeBufferPointer { bytes throws(PasswordHashingError) in
                try hasher.checkingCost(of: bytes)
            }
            XCTAssertEqual(
                cost, HashCost(key: "$y$" + parameters, weakness: weakness, memory: memory), parameters)
        }
        XCTAssertEqual(CryptPasswordHasher.yescryptLeastMemory, 1_048_576)
        XCTAssertEqual(weak(512).description(in: .english), "yescrypt with 512 bytes of memory, below 1048576")
        XCTAssertEqual(weak(512).description(in: .chinese), "yescrypt 的内存 512 字节低于 1048576 字节")
        XCTAssertEqual(
            AccountFileError(.weakHash(weak(512)), line: 4).description(in: .english),
            "line 4: the password hash is weak (yescrypt with 512 bytes of memory, below 1048576); give the account "
                + "a new password with 'login add-user'")
    }

    /// libxcrypt's own settings for every cost it makes decode to the memory its yescrypt takes: cost 1 and 2 with
    /// r = 8, cost 3 and up with r = 32, N doubling with each.
    func testEveryCostLibxcryptMakesDecodesToItsMemory() throws {
        let settings = ["j75", "j85", "j7T", "j8T", "j9T", "jAT", "jBT", "jCT", "jDT", "jET", "jFT"]
        let memory = [1 << 20, 2 << 20] + (2...10).map { (1 << 20) << $0 }
        for (parameters, bytes) in zip(settings, memory) {
            let decoded = Array(parameters.utf8).withUnsafeBufferPointer(CryptPasswordHasher.yescryptMemory)
            XCTAssertEqual(decoded, bytes, parameters)
        }
        // Numbers of two and three characters (r = 177 and 561), and parameters past what "have" names.
        let longer: [(String, Int?)] = [
            ("j9m.", 128 * 4096 * 177), ("j9s..", 128 * 4096 * 561), ("j9T..", 128 * 4096 * 32 * 2), ("j/....", nil),
            ("j9T..=", nil), ("", nil), ("j", nil), ("j9", nil),
        ]
        for (parameters, bytes) in longer {
            let decoded = Array(parameters.utf8).withUnsafeBufferPointer(CryptPasswordHasher.yescryptMemory)
            XCTAssertEqual(decoded, bytes, parameters)
        }
        let made = try (1...3).map { cost in
            try CryptPasswordHasher(method: .yescrypt, cost: UInt(cost)).hash("correct horse")
        }
        XCTAssertEqual(made.map { String($0.prefix(6)) }, ["$y$j75", "$y$j85", "$y$j7T"], "libxcrypt's own settings")
    }

    func testCheckingRefusesLockedAndEmptyHashes() throws {
        let hasher = try CryptPasswordHasher()
        for hash in ["", "*", "!", "*LK*", "!!", "*NP*"] {
            XCTAssertThrowsError(try hasher.checkHash(hash), "\(hash.debugDescription) is a locked or empty entry") {
                error in
                XCTAssertEqual(error as? PasswordHashingError, .unsupportedMethod(nil), hash)
            }
        }
    }

    func testCheckingAHashNamesTheMethodItRefuses() throws {
        let hasher = try CryptPasswordHasher()
        let cases: [(String, PasswordHashingError)] = [
            ("$1$saltsalt$YVmmnpbbJ9cgfgY6gzuVE.", .unsupportedMethod("md5crypt")),
            ("$5$saltsalt$hash", .unsupportedMethod("sha256crypt")),
            ("abJnggxhB/yWI", .unsupportedMethod("descrypt")),
            ("$gy$j9T$salt$hash", .unsupportedMethod("gost-yescrypt")),
            ("$9$whatever", .unsupportedMethod(nil)),
            ("$y$!!!$salt$hash", .malformedHash),
        ]
        for (hash, expected) in cases {
            XCTAssertThrowsError(try hasher.checkHash(hash), hash) { error in
                XCTAssertEqual(error as? PasswordHashingError, expected, hash)
            }
        }
        XCTAssertEqual(
            "\(PasswordHashingError.unsupportedMethod("md5crypt"))",
            "the password hash uses md5crypt, which is not accepted")
    }
}

/// A yescrypt hash at the lowest cost (crypt_gensalt's `$y$j75`), as the demo account's.
private enum DemoHash {
    static let lowestCostYescrypt = "$y$j75$" + "saltsaltsaltsaltsaltsa$" + String(repeating: "c", count: 43)
}

/// A file under Fixtures/ (found from TestSupport's source file's path).
func fixture(_ path: String) -> URL {
    Paths.fixtures.appendingPathComponent(path)
}

/// One slot per item, written from several threads.
private final class Slots<Value>: @unchecked Sendable {
    let lock = NSLock()
    var values: [Value?]
    init(_ count: Int) { values = Array(repeating: nil, count: count) }
}
