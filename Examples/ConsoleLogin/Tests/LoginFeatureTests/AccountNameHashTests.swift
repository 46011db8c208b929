import TestSupport
import XCTest

@testable import LoginFeature

/// The account index's name hash is SipHash-1-3 (issue 32: it replaced `Hasher`'s buffered byte feed): checked
/// against a reference implementation (the key 00…0f, messages 00…(n-1) of every length up to 15, so every way the
/// last bytes are read, and names), whose zero-key answers are CPython's own SipHash-1-3 string hash
/// (`PYTHONHASHSEED=0`, where CPython's key is zero).
final class AccountNameHashTests: GuardedTestCase {
    private let key: (UInt64, UInt64) = (0x0706_0504_0302_0100, 0x0f0e_0d0c_0b0a_0908)

    private func hash(_ bytes: [UInt8], key: (UInt64, UInt64)) -> UInt64 {
        bytes.withUnsafeBytes { AccountNameHash.hash($0, key: key) }
    }

    func testSipHash13AnswersAsTheReference() {
        let lengths: [UInt64] = [
            0xabac_0158_050f_c4dc, 0xc9f4_9bf3_7d57_ca93, 0x82cb_9b02_4dc7_d44d, 0x8bf8_0ab8_e7dd_f7fb,
            0xcf75_5760_88d3_8328, 0xdef9_d52f_4953_3b67, 0xc50d_2b50_c59f_22a7, 0xd392_7d98_9bb1_1140,
            0x3690_9511_8d29_9a8e, 0x25a4_8eb3_6c06_3de4, 0x79de_85ee_92ff_097f, 0x70c1_18c1_f94d_c352,
            0x78a3_84b1_57b4_d9a2, 0x306f_760c_1229_ffa7, 0x605a_a111_c0f9_5d34, 0xd320_d86d_2a51_9956,
        ]
        for (count, expected) in lengths.enumerated() {
            XCTAssertEqual(hash(Array(0..<UInt8(count)), key: key), expected, "00…\(count - 1)")
        }
        let names: [(String, UInt64)] = [
            ("a", 0x1c26_97ab_786a_6237), ("user.1", 0xbb8f_7066_ad3f_e4c9), ("user.12345", 0x3c2b_3ac4_fc50_2435),
            ("0123456789abcdef", 0xe393_c48e_a7bc_21ef), ("victim@example.com", 0x2a72_7f65_99e2_ba5a),
        ]
        for (name, expected) in names { XCTAssertEqual(hash(Array(name.utf8), key: key), expected, name) }
        XCTAssertEqual(hash(Array("abc".utf8), key: (0, 0)), 13_851_880_170_939_887_858, "CPython's hash(b'abc')")
        XCTAssertEqual(hash(Array("user.12345".utf8), key: (0, 0)), 3_412_130_602_720_804_785)
    }

    func testTheIndexHashesANameAsItsNFCBytesUnderTheProcesssKey() {
        let kelvin = Array("\u{212A}elvin".utf8)
        let plain = Array("Kelvin".utf8)
        let kelvinHash = kelvin.withUnsafeBufferPointer { AccountNameIndex.hash(of: $0) }
        let plainHash = plain.withUnsafeBufferPointer { AccountNameIndex.hash(of: $0) }
        XCTAssertEqual(kelvinHash, plainHash, "the Kelvin sign's NFC is K")
        XCTAssertEqual(UInt64(UInt(bitPattern: plainHash)), hash(plain, key: AccountNameHash.key))
        XCTAssertNotEqual(AccountNameHash.key.0, AccountNameHash.key.1)
    }
}
