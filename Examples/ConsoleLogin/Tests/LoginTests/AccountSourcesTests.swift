import ConsoleView
import Foundation
import Gallery
import LoginFeature
import PAM
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

@testable import login

/// `--pam` in the composition root, with the system's accounts faked (the real ones are tested with
/// pam_wrapper in LoginEndToEndTests): the banner, the rules for system names, PAM's messages as alerts, a
/// refused account, and a build without PAM.
@MainActor
final class AccountSourcesTests: GuardedTestCase {
    func testPAMsMessagesAreAlertsBeforeTheWelcomeSanitisedAndShortNamesSignIn() async throws {
        let harness = ProgramHarness(typing: [.line("bob"), .line("builder"), .line("quit")])
        harness.pam = FakeSystemAccounts()
        let status = try await harness.run(["--pam", "--language", "en"])
        XCTAssertEqual(status, .success)
        XCTAssertTrue(
            harness.output.hasPrefix(
                "PureMVVM login. The system's accounts, through PAM service puremvvm-login.\n"), harness.output)
        XCTAssertTrue(harness.output.contains("  ✓ Username \"bob\"\n"), "a short system name passes the rules")
        XCTAssertTrue(
            harness.output.contains(
                """
                Signing in…
                ! Notice: Last login: ^[[2Jyesterday
                ! Warning: Your password will expire in 3 days.
                Welcome, bob!

                """), harness.output)
        XCTAssertFalse(harness.output.contains("\u{1B}"))
    }

    func testARefusedAccountIsAnAlertWithTheReasonThenTheSessionEndsWithExit1InEveryPattern() async throws {
        for pattern in LoginPattern.allCases {
            // What is typed after the refusal is never read: the form closes after the alert.
            let harness = ProgramHarness(typing: [.line("retired"), .line("anything"), .line("dimsky")])
            harness.pam = FakeSystemAccounts()
            let status = try await harness.run(["--pam=system-auth", "--pattern", pattern.rawValue])
            XCTAssertEqual(status, .notSignedIn, "\(pattern): exit 1, as login(1) ends for an expired account")
            XCTAssertTrue(harness.output.contains("through PAM service system-auth."), "\(pattern)")
            XCTAssertTrue(
                harness.output.hasSuffix(
                    "! Sign-in refused: Your account has expired; please contact your administrator.\n"),
                "\(pattern): the alert is the last thing shown\n\(harness.output)")
            XCTAssertEqual(
                harness.output.components(separatedBy: "Username: ").count, 2, "\(pattern): asked once")
            XCTAssertEqual(harness.clock.requestedDelays, [], "a refusal is not a failed guess: no delay")
        }
    }

    func testARefusedAccountInAScriptExits1() async throws {
        let harness = ProgramHarness()
        harness.pam = FakeSystemAccounts()
        harness.standardInput = Array("anything\n".utf8)
        let status = try await harness.run(["--pam", "--username", "retired", "--password-stdin"])
        XCTAssertEqual(status, .notSignedIn)
        XCTAssertTrue(
            harness.output.hasSuffix(
                "! Sign-in refused: Your account has expired; please contact your administrator.\n"))
    }

    func testWithoutPAMOnThisPlatformPAMIsAUsageError() async throws {
        let harness = ProgramHarness(typing: [.line("dimsky")])
        let status = try await harness.run(["--pam"])
        XCTAssertEqual(status, .usage)
        XCTAssertEqual(
            harness.errorOutput,
            "login: --pam needs Linux-PAM, which this platform does not have (it is used on Linux).\n")
        XCTAssertEqual(harness.output, "", "no prompt")
    }

    func testWhenLibpamCannotBeLoadedPAMIsAUsageErrorThatSaysWhatToInstall() async throws {
        for (language, expected) in [
            (
                "en",
                "login: --pam needs Linux-PAM: Linux-PAM could not be loaded (libpam.so.0: cannot open shared object "
                    + "file: No such file or directory); install it with `apt-get install libpam0g` (Debian, "
                    + "Ubuntu).\n"
            ),
            (
                "zh",
                "login: --pam 需要 Linux-PAM：无法加载 Linux-PAM（libpam.so.0: cannot open shared object file: No such "
                    + "file or directory）；请用 `apt-get install libpam0g` 安装（Debian、Ubuntu）。\n"
            ),
        ] {
            let harness = ProgramHarness(typing: [.line("dimsky")])
            harness.pamOpeningError = .libraryMissing(
                SystemLibraryError(
                    library: .linuxPAM, reason: "libpam.so.0: cannot open shared object file: No such file or directory"
                ))
            let status = try await harness.run(["--language", language, "--pam"])
            XCTAssertEqual(status, .usage, language)
            XCTAssertEqual(harness.errorOutput, expected, language)
            XCTAssertEqual(harness.output, "", "no prompt")
        }
    }

    /// Issue 21, point 6: a zero-width space was accepted in a PAM name and printed raw.
    func testASystemNameWithAnInvisibleFormatCharacterIsRefusedAndShownSafely() async throws {
        let harness = ProgramHarness(typing: [.line("bo\u{200B}b"), .endOfInput])
        harness.pam = FakeSystemAccounts()
        let status = try await harness.run(["--pam", "--language", "en"])
        XCTAssertEqual(status, .notSignedIn)
        XCTAssertTrue(
            harness.output.contains(
                "  ✗ Username \"bo\\u{200B}b\": Must not contain spaces, control characters, invisible format "
                    + "characters or ':'.\n"),
            harness.output)
        let rules = LoginRules.systemAccounts(in: .english)
        for name in ["ro\u{200B}ot", "\u{202E}toor", "bob\u{AD}", "\u{FEFF}bob", "bo\u{2060}b"] {
            XCTAssertFalse(rules.username.isSatisfied(by: name), name.debugDescription)
        }
        XCTAssertTrue(rules.username.isSatisfied(by: "alice@example.com"))
    }

    func testAServiceNameThatIsNotAFileNameIsAUsageError() async throws {
        let harness = ProgramHarness()
        harness.pam = FakeSystemAccounts()
        let status = try await harness.run(["--pam", "../shadow\u{1B}[2J"])
        XCTAssertEqual(status, .usage)
        XCTAssertEqual(
            harness.errorOutput,
            "login: --pam: \"../shadow^[[2J\" is not a PAM service name (letters, digits, '.', '_' or '-', not "
                + "starting with '.').\n")
    }

    /// The system's names may hold almost anything; the form refuses only what no account name holds.
    func testSystemAccountNamesRefuseOnlySpacesControlCharactersAndColons() async {
        let rules = LoginRules.systemAccounts(in: .english)
        for name in ["a b", "a:b", "a\u{7}b", "a\tb", "a\u{200B}b"] {
            XCTAssertEqual(
                rules.username.failures(for: name),
                ["Must not contain spaces, control characters, invisible format characters or ':'."], name)
        }
        for name in ["bob", "d.o'brien", "用户", "a-b_c@corp"] {
            XCTAssertTrue(rules.username.isSatisfied(by: name), name)
        }
        XCTAssertTrue(rules.password.isSatisfied(by: "a b:c"))
        XCTAssertFalse(rules.password.isSatisfied(by: "a\u{7}"))
    }

    /// Issue 31, F1: a system name, too, is at most 254 bytes, whatever its characters.
    func testSystemAccountNamesHaveAByteLimit() async {
        let rules = LoginRules.systemAccounts(in: .english)
        let heavy = "b" + String(repeating: "\u{301}", count: 127)
        XCTAssertEqual(heavy.count, 1)
        XCTAssertEqual(rules.username.failures(for: heavy), ["Must be at most 254 bytes."])
        XCTAssertEqual(
            LoginRules.systemAccounts(in: .chinese).username.failures(for: heavy), ["不能超过 254 个字节。"])
        XCTAssertTrue(rules.username.isSatisfied(by: String(heavy.unicodeScalars.dropLast())), "253 bytes")
    }

    func testTheArguments() throws {
        let cases: [([String], SignInOptions)] = [
            (["--pam"], SignInOptions(pamService: "puremvvm-login")),
            (["--pam", "login"], SignInOptions(pamService: "login")),
            (["--pam=sshd", "--pattern", "mvp"], SignInOptions(pamService: "sshd", pattern: .mvp)),
            (
                ["--pam", "--username", "bob", "--password-stdin"],
                SignInOptions(pamService: "puremvvm-login", scriptedUsername: "bob")
            ),
            (
                ["--accounts", "a", "--deny", "1000", "--unlock-time", "31536000"],
                SignInOptions(accountsPath: "a", deny: 1000, unlockTime: 31_536_000)  // each count's maximum
            ),
        ]
        for (arguments, options) in cases {
            XCTAssertEqual(try ArgumentParser.parse(arguments), .signIn(options), "\(arguments)")
        }
        XCTAssertEqual(
            try ArgumentParser.parse(["import-profiles", "--profiles", "p.sqlite", "p.json"]),
            .importProfiles(ImportProfilesOptions(jsonPath: "p.json", profilesPath: "p.sqlite")))
        XCTAssertEqual(try ArgumentParser.parse(["import-profiles", "-h"]), .help(.importProfiles))
        let errors: [([String], String)] = [
            (["--pam", "--accounts", "a"], "--accounts and --pam are two account sources; give one"),
            (["--pam="], "--pam needs a value after '='"),
            (["--pam", "a", "b"], "unexpected argument 'b'"),
            (["import-profiles"], "import-profiles needs the JSON FILE to import"),
            (["import-profiles", "a.json", "b.json"], "import-profiles takes one FILE"),
            (["import-profiles", "--pam", "a.json"], "unknown option '--pam' for import-profiles"),
        ]
        for (arguments, message) in errors {
            XCTAssertThrowsError(try ArgumentParser.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.description, message, "\(arguments)")
            }
        }
    }
}
