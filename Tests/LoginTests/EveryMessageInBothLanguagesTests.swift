import LoginFeature
import PAM
import PureMVVM
import XCTest

@testable import login

/// The messages no session in ``OneLanguagePerRunTests`` reaches (an account locked by the service, a file of
/// another owner, a database locked by another program…), case by case: each exists in both languages, and
/// each language's is in its own script (``ScriptCheck``).
@MainActor
final class EveryMessageInBothLanguagesTests: XCTestCase {
    private func check(
        _ name: String, given: [String] = [], file: StaticString = #filePath, line: UInt = #line,
        _ text: (Language) -> String
    ) {
        let english = text(.english)
        let chinese = text(.chinese)
        XCTAssertNotEqual(english, chinese, "\(name): not translated", file: file, line: line)
        XCTAssertEqual(ScriptCheck.chineseLines(in: english, given: given), [], name, file: file, line: line)
        XCTAssertEqual(ScriptCheck.englishWords(in: chinese, given: given), [], name, file: file, line: line)
    }

    func testAlerts() async {
        let errors: [AuthenticationError] = [.invalidCredentials, .lockedOut, .unavailable]
        for error in errors {
            check("\(error) title") { LoginAlerts(language: $0).alert(for: error)?.title ?? "" }
            check("\(error) message") { LoginAlerts(language: $0).alert(for: error)?.message ?? "" }
        }
        check("refused") { LoginAlerts(language: $0).alert(for: .accountRefused(reason: "R"))?.title ?? "" }
        for language in Language.allCases {
            let refused = LoginAlerts(language: language).alert(for: .accountRefused(reason: "R"))
            XCTAssertEqual(refused?.message, "R", "the service's reason, as it came")
        }
        XCTAssertNil(LoginAlerts.chinese.alert(for: .cancelled))
        check("no attempts left") { LoginAlerts(language: $0).noAttemptsLeft.title }
        check("no attempts left") { LoginAlerts(language: $0).noAttemptsLeft.message }
        for kind in [AccountServiceMessage.Kind.info, .error] {
            check("\(kind)", given: ["T"]) {
                LoginAlerts(language: $0).alert(for: AccountServiceMessage(kind, "T")).title
            }
        }
    }

    func testProfileProblems() async {
        let problems: [ProfileProblem] = [
            .serverUnreachable, .locked(file: "p.sqlite", waited: .milliseconds(200)),
            .newerSchema(file: "p.sqlite", version: 2, newest: 1), .unreadableHeader, .otherTables, .otherApplication,
            .unknownSchemaVersion(7), .emptyColumns(username: "dimsky"), .notJSON, .badValue(at: ""),
            .badValue(at: "dimsky.balance"), .missingKey("balance", at: "dimsky"), .wrongType(at: "dimsky.balance"),
        ]
        let actions: [ProfileProblem.Action] = [.open, .read, .save, .createTable]
        let all =
            problems + actions.map { .readOnly(file: "p.sqlite", action: $0) }
            + actions.map { .failed(file: "p.sqlite", action: $0, reason: "disk I/O error") }
        for problem in all {
            check("\(problem)", given: ["disk I/O error"]) { problem.description(in: $0) }
            check("corrupt: \(problem)", given: ["disk I/O error"]) {
                ProfileSourceError.corrupt(file: "p.sqlite", reason: problem).description(in: $0)
            }
        }
        check("cancelled") { ProfileSourceError.cancelled.description(in: $0) }
        XCTAssertEqual(ProfileProblem.text("T").description(in: .chinese), "T", "a library's text, as it came")
        XCTAssertEqual(
            ProfileProblem.locked(file: "p.sqlite", waited: .milliseconds(200)).description,
            "p.sqlite is locked by another program (waited 200 ms)")
    }

    func testAccountFileErrors() async {
        let reasons: [AccountFileError.Reason] = [
            .notUTF8, .tooLarge(maximumBytes: 16), .missingSeparator, .extraSeparator, .carriageReturn, .emptyHash,
            .invalidHashCharacters, .duplicateName("dimsky", firstLine: 2), .invalidName(.empty),
            .invalidName(.containsColon), .invalidName(.containsWhitespace), .invalidName(.containsControlCharacter),
            .invalidName(.startsWithCommentSign),
        ]
        let hashing: [PasswordHashingError] = [
            .malformedHash, .unsupportedMethod("md5crypt"), .unusablePassword("R"), .libraryFailure("R"), .unavailable,
        ]
        for reason in reasons + hashing.map(AccountFileError.Reason.unusableHash) {
            for line in [nil, 3] {
                check("\(reason) \(String(describing: line))", given: ["R"]) {
                    AccountFileError(reason, line: line).description(in: $0)
                }
            }
        }
    }

    func testAccountStoreAndFileErrors() async {
        let operations: [FileError.Operation] = [
            .read, .openLock, .lock, .createTemporaryFile, .replace, .setMode, .write, .flush, .inspectFolder, .inspect,
        ]
        let fileErrors =
            operations.map { FileError.system(operation: $0, path: "/t/a", reason: "Permission denied") }
            + [.symbolicLink(path: "/t/a"), .notRegularFile(path: "/t/a")]
        let errors: [AccountStoreError] =
            [
                .missing(path: "/t/a"), .malformed(path: "/t/a", AccountFileError(.missingSeparator, line: 4)),
                .unsafeMode(path: "/t/a", mode: 0o666, isFolder: false),
                .unsafeMode(path: "/t", mode: 0o777, isFolder: true),
                .tooLarge(path: "/t/a", bytes: 20_000_000, maximumBytes: 16 << 20),
                .untrustedOwner(path: "/t/a", owner: 1001, user: 1000),
            ] + fileErrors.map(AccountStoreError.file)
        for error in errors {
            check("\(error)", given: ["Permission denied"]) { error.description(in: $0) }
        }
        check("warning") { AccountFileWarning(path: "/t/a", mode: 0o644).description(in: $0) }
        for error in [PAMError.unavailable, .invalidServiceName("x y")] {
            check("\(error)", given: ["x y"]) { error.description(in: $0) }
            check("\(error) refused", given: ["x y"]) { ProgramWords(language: $0).pamRefused(error) }
        }
    }

    func testUsageErrors() async {
        let problems: [UsageError.Problem] = [
            .unknownOption("--x", command: nil), .unknownOption("--x", command: "add-user"), .unexpectedArgument("x"),
            .givenTwice("--x"), .needsValue("--x", separate: true), .needsValue("--x", separate: false),
            .needsValueAfterEquals("--x"), .takesNoValue("--x"), .twoAccountSources,
            .passwordFromStandardInputNeedsUsername, .usernameNeedsPasswordFromStandardInput,
            .needsAccounts(command: "signup"), .signupAsksAtTheTerminal, .signupTakesNoOtherCommand, .addUserNeedsName,
            .addUserTakesOneName, .importNeedsFile, .importTakesOneFile,
        ]
        let choices: [UsageError.Choice] = [.pattern, .language, .serverState, .method]
        let all = problems + choices.map { .unknownChoice($0, value: "x", option: "--x", known: ["up", "down"]) }
        for problem in all {
            check("\(problem)", given: ["x"]) { UsageError(problem).description(in: $0) }
        }
    }
}
