import Crypt
import LoginFeature
import TestSupport
import XCTest

/// Issue 32: an account file's hashes share their settings (method and cost), so its survey decodes each distinct
/// settings once and checks every other hash with `checkHash(utf8:settings:)`. That must answer what
/// `checkHash(utf8:)` answers, for every hash with those settings.
final class CryptSettingsTests: GuardedTestCase {
    func testTheSettingsEndWithTheDollarBeforeTheSalt() throws {
        let hasher = try CryptPasswordHasher()
        let cases: [(String, Int)] = [
            ("$y$j9T$salt$hash", 7), ("$y$jAT$", 7), ("$6$rounds=5000$salt$hash", 15), ("$6$salt$hash", 3), ("$6$", 3),
            ("$2b$12$" + String(repeating: "a", count: 53), 7), ("$2a$05$", 7), ("$2y$05", 0), ("$y$j9T", 0),
            ("$6$rounds=5000", 0), ("$1$salt$hash", 0), ("*", 0), ("", 0), ("fake$x", 0),
        ]
        for (hash, length) in cases {
            XCTAssertEqual(Array(hash.utf8).withUnsafeBufferPointer { hasher.settingsLength(of: $0) }, length, hash)
        }
    }

    func testAHashWithKnownSettingsIsCheckedAsInFull() throws {
        let hasher = try CryptPasswordHasher()
        let checksum86 = String(repeating: "a", count: 86)
        let bases = [
            try hasher.hash("balabala"), try CryptPasswordHasher(method: .sha512crypt).hash("balabala"),
            "$6$rounds=5000$saltsalt$" + checksum86, "$2b$12$" + String(repeating: "b", count: 53),
        ]
        let bytes: [UInt8] = [0x00, 0x09, 0x20, 0x21, 0x24, 0x2A, 0x2E, 0x3A, 0x3B, 0x40, 0x5C, 0x61, 0x7E, 0x7F, 0x80]
        for base in bases {
            let original = Array(base.utf8)
            let settings = original.withUnsafeBufferPointer { hasher.settingsLength(of: $0) }
            XCTAssertGreaterThan(settings, 0, base)
            var variants = [original, original + [0x61], original + [0x24]]
            variants += (settings..<original.count).map { Array(original[..<$0]) }
            for place in settings..<original.count {
                for byte in bytes {
                    var changed = original
                    changed[place] = byte
                    variants.append(changed)
                }
            }
            for variant in variants {
                let expected = variant.withUnsafeBufferPointer { hash in
                    Result { () throws(PasswordHashingError) in try hasher.checkHash(utf8: hash) }.map { true }
                }
                let actual = variant.withUnsafeBufferPointer { hash in
                    original.withUnsafeBufferPointer { known in
                        Result { () throws(PasswordHashingError) in
                            try hasher.checkHash(
                                utf8: hash, settings: UnsafeBufferPointer(rebasing: known[..<settings]))
                        }
                    }
                }
                XCTAssertEqual("\(actual)", "\(expected)", String(decoding: variant, as: UTF8.self).debugDescription)
            }
        }
    }

    func testAHashWithOtherSettingsIsLeftToTheFullCheck() throws {
        let hasher = try CryptPasswordHasher()
        let cases: [(String, String)] = [
            ("$y$jAT$salt$" + String(repeating: "c", count: 43), "$y$j9T$"),
            ("$6$rounds=5000$salt$" + String(repeating: "c", count: 86), "$6$"),
            ("$2a$12$" + String(repeating: "b", count: 53), "$2b$12$"), ("$y$", "$y$j9T$"),
        ]
        for (hash, settings) in cases {
            let answer = Array(hash.utf8).withUnsafeBufferPointer { hash in
                Array(settings.utf8).withUnsafeBufferPointer { settings in
                    Result { () throws(PasswordHashingError) in try hasher.checkHash(utf8: hash, settings: settings) }
                }
            }
            XCTAssertEqual("\(answer)", "success(false)", "\(hash) with \(settings)")
        }
    }
}
