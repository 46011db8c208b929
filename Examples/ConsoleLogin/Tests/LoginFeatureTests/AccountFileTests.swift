import LoginFeature
import TestSupport
import XCTest

/// Reading and writing account files: strict parsing with line numbers, and rewriting that loses nothing.
final class AccountFileTests: GuardedTestCase {
    private let yescrypt = "$y$j9T$F5Jx5fExrKuPp53xLKQ..1$X3DX6M94c7o.9agCG9G317fhZg9SqC.5i5rd.RhAtQ7"

    private var sample: String {
        """
        # name:hash, one per line

        dimsky:\(yescrypt)
          # an indented comment
        bob.smith:$6$salt$hash

        """
    }

    func testEntriesCommentsAndBlankLinesAreReadAndWrittenBackUnchanged() throws {
        let file = try AccountFile(parsing: sample)

        XCTAssertEqual(
            file.accounts,
            [Account(name: "dimsky", passwordHash: yescrypt), Account(name: "bob.smith", passwordHash: "$6$salt$hash")])
        XCTAssertEqual(file.text, sample)
        XCTAssertEqual(file.account(named: "bob.smith")?.passwordHash, "$6$salt$hash")
        XCTAssertNil(file.account(named: "bob"))
    }

    func testALastLineWithoutANewlineIsReadAndGetsOneWhenWritten() throws {
        let file = try AccountFile(parsing: "dimsky:\(yescrypt)")
        XCTAssertEqual(file.accounts.map(\.name), ["dimsky"])
        XCTAssertEqual(file.text, "dimsky:\(yescrypt)\n")
        XCTAssertEqual(try AccountFile(parsing: "").text, "")
    }

    func testEachMalformedLineIsReportedWithItsNumber() {
        let cases: [(String, AccountFileError, String)] = [
            ("# ok\ndimsky\n", .init(.missingSeparator, line: 2), "line 2: expected name:hash, found no ':'"),
            ("dimsky:$6$a:b\n", .init(.extraSeparator, line: 1), "line 1: expected name:hash, found more than one ':'"),
            (
                "dimsky:$6$a\r\n", .init(.carriageReturn, line: 1),
                "line 1: the line ends with a carriage return; save the file with Unix (LF) line endings"
            ),
            (":$6$a\n", .init(.invalidName(.empty), line: 1), "line 1: the name is empty"),
            (
                "  dimsky:$6$a\n", .init(.invalidName(.containsWhitespace), line: 1),
                "line 1: the name contains whitespace"
            ),
            (
                "dim\u{1B}sky:$6$a\n", .init(.invalidName(.containsControlCharacter), line: 1),
                "line 1: the name contains a control or invisible formatting character"
            ),
            ("dimsky:\n", .init(.emptyHash, line: 1), "line 1: the password hash is empty"),
            (
                "dimsky:$6$a b\n", .init(.invalidHashCharacters, line: 1),
                "line 1: the password hash contains characters no crypt(3) hash has"
            ),
            (
                "dimsky:$6$é\n", .init(.invalidHashCharacters, line: 1),
                "line 1: the password hash contains characters no crypt(3) hash has"
            ),
            (
                "dimsky:$6$a\n\nbob:$6$b\ndimsky:$6$c\n", .init(.duplicateName("dimsky", firstLine: 1), line: 4),
                "line 4: 'dimsky' already has an entry on line 1"
            ),
        ]
        for (text, expected, message) in cases {
            XCTAssertThrowsError(try AccountFile(parsing: text), text.debugDescription) { error in
                XCTAssertEqual(error as? AccountFileError, expected, text.debugDescription)
                XCTAssertEqual("\(error)", message, text.debugDescription)
            }
        }
    }

    func testBytesThatAreNotUTF8OrTooManyAreRefused() {
        XCTAssertThrowsError(try AccountFile(bytes: Array("dimsky:$6$a\n".utf8) + [0xFF, 0x0A])) { error in
            XCTAssertEqual(error as? AccountFileError, AccountFileError(.notUTF8))
            XCTAssertEqual("\(error)", "the file is not UTF-8 text")
        }
        var huge = [UInt8](repeating: UInt8(ascii: "#"), count: AccountFile.maximumBytes + 1)
        XCTAssertThrowsError(try AccountFile(bytes: huge)) { error in
            XCTAssertEqual(error as? AccountFileError, AccountFileError(.tooLarge(maximumBytes: 16_777_216)))
        }
        huge.removeLast(2)
        huge.append(UInt8(ascii: "\n"))
        XCTAssertEqual(huge.count, AccountFile.maximumBytes)
        XCTAssertEqual(try AccountFile(bytes: huge).accounts.count, 0, "a file of exactly the limit is read")
        XCTAssertEqual(try AccountFile(bytes: Array(sample.utf8)).accounts.count, 2)
    }

    func testSettingAHashReplacesTheEntryInPlaceAndKeepsEverythingElse() throws {
        var file = try AccountFile(parsing: sample)

        let change = try file.setPasswordHash("$6$new$hash", for: "dimsky")

        XCTAssertEqual(change, .replaced)
        XCTAssertEqual(file.text, sample.replacingOccurrences(of: yescrypt, with: "$6$new$hash"))
    }

    func testSettingAHashForANewNameAppendsIt() throws {
        var file = try AccountFile(parsing: sample)

        let change = try file.setPasswordHash("$6$c$d", for: "carol")

        XCTAssertEqual(change, .added)
        XCTAssertEqual(file.text, sample + "carol:$6$c$d\n")
        XCTAssertEqual(try AccountFile(parsing: file.text), file, "what is written reads back the same")
    }

    func testNamesThatCannotBeWrittenAreRefused() {
        let cases: [(String, AccountFileError.NameProblem)] = [
            ("", .empty),
            ("dim:sky", .containsColon),
            ("dim sky", .containsWhitespace),
            ("dim\tsky", .containsWhitespace),
            ("dimsky\n", .containsWhitespace),
            ("dim\u{0}sky", .containsControlCharacter),
            ("dim\u{1B}[31msky", .containsControlCharacter),
            ("dim\u{202E}sky", .containsControlCharacter),
            ("#dimsky", .startsWithCommentSign),
        ]
        for (name, problem) in cases {
            var file = AccountFile()
            XCTAssertThrowsError(try file.setPasswordHash("$6$a$b", for: name), name.debugDescription) { error in
                XCTAssertEqual(
                    error as? AccountFileError, AccountFileError(.invalidName(problem)), name.debugDescription)
            }
            XCTAssertEqual(file.text, "", "nothing was added for \(name.debugDescription)")
        }
        XCTAssertNoThrow(try AccountFile.checkName("Дмитрий.s_k-y"))
    }

    /// Issue 40, F5: names that render exactly as an existing one, with a character that shows as nothing (a
    /// default ignorable code point or a Hangul filler), are refused, naming it, when set and when read.
    func testNamesWithACharacterThatShowsAsNothingAreRefused() {
        let cases: [(String, UInt32)] = [
            ("alice01\u{34F}", 0x34F),  // combining grapheme joiner
            ("alice01\u{FE0F}", 0xFE0F),  // variation selector 16
            ("alice01\u{E0100}", 0xE0100),  // variation selector 17
            ("alice\u{115F}01", 0x115F),  // Hangul choseong filler
            ("alice\u{1160}01", 0x1160),  // Hangul jungseong filler
            ("\u{3164}\u{3164}\u{3164}\u{3164}\u{3164}\u{3164}", 0x3164),  // Hangul fillers alone
            ("alice\u{FFA0}01", 0xFFA0),  // halfwidth Hangul filler
            ("alice01\u{180B}", 0x180B),  // Mongolian free variation selector
            ("alice01\u{17B4}", 0x17B4),  // Khmer vowel inherent AQ
        ]
        for (name, value) in cases {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let problem = AccountFileError.NameProblem.containsInvisibleCharacter(scalar)
            XCTAssertThrowsError(try AccountFile.checkName(name), name.debugDescription) { error in
                XCTAssertEqual(error as? AccountFileError, AccountFileError(.invalidName(problem)))
            }
            XCTAssertThrowsError(try AccountFile(parsing: "alice01:$6$a\n\(name):$6$b\n")) { error in
                XCTAssertEqual(error as? AccountFileError, AccountFileError(.invalidName(problem), line: 2))
            }
        }
        XCTAssertEqual(
            AccountFileError(.invalidName(.containsInvisibleCharacter("\u{34F}")), line: 2).description,
            "line 2: the name contains U+034F, a character that shows as nothing, so the name would look like "
                + "another one")
        XCTAssertEqual(
            AccountFileError(.invalidName(.containsInvisibleCharacter("\u{E0100}"))).description(in: .chinese),
            "名称含有 U+E0100，这是一个不显示的字符，会让名称看起来和另一个名称一样")
        for value: UInt32 in [0x115F, 0x1160, 0x3164, 0xFFA0] {
            XCTAssertEqual(Unicode.Scalar(value)?.properties.isDefaultIgnorableCodePoint, true, "the Hangul fillers")
        }
        for name in ["가나다라마바", "alice\u{301}01", "مريم.ع", "\u{1100}\u{1161}\u{11A8}user"] {
            XCTAssertNoThrow(try AccountFile.checkName(name), "letters and marks that show: \(name)")
        }
    }

    func testAHashThatCannotBeWrittenIsRefused() {
        var file = AccountFile()
        XCTAssertThrowsError(try file.setPasswordHash("$6$a b", for: "dimsky")) { error in
            XCTAssertEqual(error as? AccountFileError, AccountFileError(.invalidHashCharacters))
        }
        XCTAssertThrowsError(try file.setPasswordHash("", for: "dimsky"))
    }

    func testCheckingHashesNamesTheLineOfTheFirstUnusableOne() throws {
        let file = try AccountFile(
            parsing: "# fake hashes\ndimsky:fake$alabalab\nbob.smith:$1$md5$old\nlocked:*\nother:!fake$x\n")

        XCTAssertThrowsError(try file.checkHashes(with: FakePasswordHasher())) { error in
            XCTAssertEqual(
                error as? AccountFileError, AccountFileError(.unusableHash(.unsupportedMethod("$1$")), line: 3))
            XCTAssertEqual(
                "\(error)", "line 3: the password hash uses $1$, which is not accepted; this entry cannot sign in")
        }
    }

    /// shadow(5)'s locked entries are not errors: `*`, `!` and any hash starting with `!` or `*`.
    func testLockedEntriesAreNotProblems() throws {
        let file = try AccountFile(parsing: "a.user:*\nb.user:!\nc.user:!!\nd.user:!fake$x\ne.user:*LK*\n")
        XCTAssertNoThrow(try file.checkHashes(with: FakePasswordHasher()))
        for hash in ["*", "!", "!!", "!fake$x", "*LK*"] { XCTAssertTrue(AccountFile.isLockedHash(Array(hash.utf8))) }
        for hash in ["", "fake$!", "$6$x"] { XCTAssertFalse(AccountFile.isLockedHash(Array(hash.utf8))) }
    }

    /// Issue 21, point 4: `add-user` wrote past the 16 MiB read limit, and then no one could sign in.
    func testAnEntryThatWouldMakeTheFileTooLargeIsRefusedAndNothingChanges() throws {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: AccountFile.maximumBytes - 20)
        bytes[0] = UInt8(ascii: "#")
        bytes[bytes.count - 1] = UInt8(ascii: "\n")
        var file = try AccountFile(bytes: bytes + Array("dimsky:fake$a\n".utf8))  // 6 bytes below the limit
        XCTAssertThrowsError(try file.setPasswordHash("fake$a", for: "bob.smith")) { error in
            XCTAssertEqual(
                error as? AccountFileError, AccountFileError(.tooLarge(maximumBytes: AccountFile.maximumBytes)))
        }
        XCTAssertNil(file.account(named: "bob.smith"), "nothing changed")
        XCTAssertEqual(try file.setPasswordHash("fake$abcdef", for: "dimsky"), .replaced, "one that fits is written")
    }

    /// Names are compared as Swift compares strings, also when they are found through the file's index: a name
    /// and a canonically equivalent spelling are the same account.
    func testCanonicallyEquivalentNamesAreOneAccount() throws {
        let cases = [
            ("Kelvin", "\u{212A}elvin"), ("caf\u{E9}", "cafe\u{301}"), ("\u{212B}ngstr\u{F6}m", "\u{C5}ngstro\u{308}m"),
        ]
        for (first, second) in cases {
            let text = "\(first):$6$a$b\n\(second):$6$c$d\n"
            XCTAssertThrowsError(try AccountFile(parsing: text), text.debugDescription) { error in
                XCTAssertEqual(
                    error as? AccountFileError, AccountFileError(.duplicateName(second, firstLine: 1), line: 2))
            }
            var file = try AccountFile(parsing: "\(first):$6$a$b\n")
            XCTAssertEqual(file.account(named: second)?.name, first, second.debugDescription)
            XCTAssertEqual(try file.setPasswordHash("$6$new$hash", for: second), .replaced)
            XCTAssertEqual(file.text, "\(first):$6$new$hash\n")
        }
    }

    /// 10,000 entries: every one found by name, a duplicate and a malformed line reported with their numbers,
    /// wherever they are, and an update that keeps every other line. (The benchmark reads 100,000.)
    func testALargeFileIsReadFoundAndUpdatedExactly() throws {
        let hash = "$y$j9T$G5YZ5GPa1dxSA6XwpzeyL0$bvFurcaqEBQhA.qhGuMBHMGagOZmxorliUIFVg2tSz7"
        let entries = (1...10_000).map { "user.\($0):\(hash)\($0 % 1000)\n" }
        let text = "# 10,000 accounts\n" + entries.joined()
        var file = try AccountFile(bytes: Array(text.utf8))

        XCTAssertEqual(file.accountCount, 10_000)
        XCTAssertEqual(file.lines.count, 10_001)
        XCTAssertEqual(file.firstAccount, Account(name: "user.1", passwordHash: hash + "1"))
        for index in stride(from: 1, through: 10_000, by: 97) {
            XCTAssertEqual(file.account(named: "user.\(index)")?.passwordHash, hash + "\(index % 1000)")
        }
        XCTAssertNil(file.account(named: "user.10001"))
        XCTAssertNil(file.account(named: "user.0"))
        XCTAssertEqual(file.text, text)

        XCTAssertThrowsError(try AccountFile(parsing: text + "user.7500:$6$a$b\n")) { error in
            XCTAssertEqual(
                error as? AccountFileError,
                AccountFileError(.duplicateName("user.7500", firstLine: 7_501), line: 10_002))
        }
        var malformed = entries
        malformed[6_999] = "user 7000:$6$a$b\n"
        XCTAssertThrowsError(try AccountFile(parsing: "# 10,000 accounts\n" + malformed.joined())) { error in
            XCTAssertEqual("\(error)", "line 7001: the name contains whitespace")
        }

        XCTAssertEqual(try file.setPasswordHash("$6$new$hash", for: "user.9999"), .replaced)
        XCTAssertEqual(try file.setPasswordHash("$6$c$d", for: "carol"), .added)
        var updated = entries
        updated[9_998] = "user.9999:$6$new$hash\n"
        XCTAssertEqual(file.text, "# 10,000 accounts\n" + updated.joined() + "carol:$6$c$d\n")
        XCTAssertEqual(file.account(named: "carol")?.passwordHash, "$6$c$d")
    }

    /// Lines much shorter than usual: more entries than the index first made room for, so it grows.
    func testAFileOfShortLinesGrowsItsIndexAndStillFindsDuplicates() throws {
        let text = (1...5_000).map { "u\($0):x\n" }.joined()
        let file = try AccountFile(parsing: text)
        XCTAssertEqual(file.accountCount, 5_000)
        XCTAssertEqual(file.account(named: "u1")?.passwordHash, "x")
        XCTAssertEqual(file.account(named: "u5000")?.passwordHash, "x")
        XCTAssertThrowsError(try AccountFile(parsing: text + "u1:y\n")) { error in
            XCTAssertEqual(
                error as? AccountFileError, AccountFileError(.duplicateName("u1", firstLine: 1), line: 5_001))
        }
    }
}
