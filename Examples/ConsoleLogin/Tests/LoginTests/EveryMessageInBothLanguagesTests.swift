import ConsoleView
import LoginFeature
import PAM
import PureMVVM
import TestSupport
import XCTest

@testable import login

/// The messages no session in ``OneLanguagePerRunTests`` reaches (an account locked by the service, a file of
/// another owner, a database locked by another program…), case by case: each exists in both languages, and
/// each language's is in its own script (``ScriptCheck``).
@MainActor
final class EveryMessageInBothLanguagesTests: GuardedTestCase {
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
        let changeRequired = AuthenticationError.passwordChangeRequired(reason: "R")
        check("password change required") { LoginAlerts(language: $0).alert(for: changeRequired)?.title ?? "" }
        check("password change required", given: ["R", "passwd"]) {
            LoginAlerts(language: $0).alert(for: changeRequired)?.message ?? ""
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
            .invalidName(.containsInvisibleCharacter("\u{34F}")),
            .invalidName(.startsWithCommentSign), .malformedTally, .sameName(as: "dimsky", line: 2),
            .weakHash(HashCost.Weakness(method: "bcrypt", measure: .cost, value: 4, minimum: 10)),
            .weakHash(HashCost.Weakness(method: "sha512crypt", measure: .rounds, value: 1000, minimum: 5000)),
            .weakHash(HashCost.Weakness(method: "yescrypt", measure: .memory, value: 512, minimum: 1_048_576)),
        ]
        let hashing: [PasswordHashingError] = [
            .malformedHash, .incompleteHash, .unsupportedMethod("md5crypt"), .unsupportedMethod(nil),
            .unusablePassword(.containsNUL), .unusablePassword(.tooLong(method: "bcrypt", maximumBytes: 72)),
            .libraryFailure("R"), .unavailable,
        ]
        for reason in reasons + hashing.map(AccountFileError.Reason.unusableHash) {
            for line in [nil, 3] {
                check("\(reason) \(String(describing: line))", given: ["R", "U+034F"]) {
                    AccountFileError(reason, line: line).description(in: $0)
                }
            }
        }
    }

    func testAccountStoreAndFileErrors() async {
        let operations: [FileError.Operation] = [
            .read, .openLock, .lock, .createTemporaryFile, .replace, .setMode, .keepOwnership, .write, .flush,
            .inspectFolder, .inspect,
        ]
        let fileErrors =
            operations.map { FileError.system(operation: $0, path: "/t/a", reason: "Permission denied") }
            + [
                .symbolicLink(path: "/t/a"), .notRegularFile(path: "/t/a"),
                .lockTimedOut(path: "/t/a.lock", after: .seconds(5)),
            ]
        let errors: [AccountStoreError] =
            [
                .missing(path: "/t/a"), .malformed(path: "/t/a", AccountFileError(.missingSeparator, line: 4)),
                .unsafeMode(path: "/t/a", mode: 0o666, isFolder: false),
                .unsafeMode(path: "/t", mode: 0o777, isFolder: true),
                .tooLarge(path: "/t/a", bytes: 20_000_000, maximumBytes: 16 << 20),
                .untrustedOwner(path: "/t/a", owner: 1001, user: 1000),
                .tallyFull(path: "/t/a.faillock", bytes: 90_000_000, maximumBytes: 80 << 20),
                .refused(path: "/t/a", AccountFileError(.tooLarge(maximumBytes: 16 << 20))),
                .refused(path: "/t/a", AccountFileError(.sameName(as: "dimsky", line: 2))),
            ] + fileErrors.map(AccountStoreError.file)
        for error in errors {
            check("\(error)", given: ["Permission denied"]) { error.description(in: $0) }
        }
        check("warning") { AccountFileWarning(path: "/t/a", mode: 0o644).description(in: $0) }
        let databaseErrors: [ProfileDatabaseFileError] = [
            .symbolicLink(path: "/t/p.sqlite"), .unsafeMode(path: "/t/p.sqlite", mode: 0o664, isFolder: false),
            .unsafeMode(path: "/t", mode: 0o777, isFolder: true),
            .untrustedOwner(path: "/t/p.sqlite", owner: 1001, user: 1000), .file(.notRegularFile(path: "/t/p.sqlite")),
        ]
        for error in databaseErrors {
            check("\(error)") { error.description(in: $0) }
        }
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
            .invalidTimeout("x", maximumSeconds: 86_400), .invalidCount("x", option: "--deny", maximum: 1000),
            .failureCountNeedsAccounts,
        ]
        let choices: [UsageError.Choice] = [.pattern, .language, .serverState, .method]
        let all = problems + choices.map { .unknownChoice($0, value: "x", option: "--x", known: ["up", "down"]) }
        for problem in all {
            check("\(problem)", given: ["x"]) { UsageError(problem).description(in: $0) }
        }
    }

    /// The guards' words (issue 21) that no session of ``OneLanguagePerRunTests`` reaches: an argument that is
    /// not UTF-8 (a raw argument), the lock's wait (said before a lock is given up), a report cut short, and
    /// every stream error.
    func testSafetyWords() async {
        check("argument", given: ["a\\xFF"]) {
            LoginSafetyWords(language: $0).argumentNotUTF8(position: 2, shown: "a\\xFF")
        }
        check("waiting") { LoginSafetyWords(language: $0).waitingForLock("/t/a.lock", timeout: .seconds(5)) }
        check("more") { LoginSafetyWords(language: $0).moreProblems(3) }
        check("one more") { LoginSafetyWords(language: $0).moreProblems(1) }
        check("timed out") { LoginSafetyWords(language: $0).timedOut(after: .milliseconds(1500)) }
        check("password timed out") { LoginSafetyWords(language: $0).passwordInputTimedOut(after: .seconds(60)) }
        check("a minute") { LoginSafetyWords(language: $0).lockedByTally(secondsLeft: 30) }
        check("not counted", given: ["dimsky"]) { LoginSafetyWords(language: $0).notCounted("dimsky") }
        check("sign-in stalled") { LoginSafetyWords(language: $0).signInStalled(after: .seconds(60)) }
        let shortfalls: [ResourceLimits.Shortfall] = [
            .openFiles(limit: 4, open: 3, needed: 35), .threads(reason: "Resource temporarily unavailable"),
            .addressSpace(limit: 40 << 20, mapped: 27 << 20, needed: 139 << 20, hashMemory: nil),
            .addressSpace(limit: 512 << 20, mapped: 27 << 20, needed: 1147 << 20, hashMemory: 1 << 30),
        ]
        for shortfall in shortfalls {
            check("\(shortfall)", given: ["Resource temporarily unavailable", "/t/a"]) {
                LoginSafetyWords(language: $0).resourcesShort(shortfall, accountsPath: "/t/a")
            }
        }
        check("variable") { LoginSafetyWords(language: $0).variableNotUTF8("XDG_DATA_HOME") }
        check("core files", given: ["prctl(PR_SET_DUMPABLE): Invalid argument"]) {
            LoginSafetyWords(language: $0).coreFilesNotForbidden("prctl(PR_SET_DUMPABLE): Invalid argument")
        }
        let streams: [StreamError.Stream] = [.standardInput, .standardOutput, .standardError]
        for stream in streams {
            for reason in [StreamError.Reason.closedAtStart, .system("Broken pipe")] {
                let error = StreamError(stream, reason: reason)
                check("\(error)", given: ["Broken pipe"]) { error.description(in: $0.consoleWords) }
                check("\(error) password", given: ["Broken pipe"]) {
                    LoginSafetyWords(language: $0).passwordUnreadable(error)
                }
            }
        }
        XCTAssertEqual(
            StreamError(.standardOutput, reason: .system("Broken pipe")).description(in: .chinese),
            "无法写入标准输出：Broken pipe", "the system's text, as it came")
    }

    /// The orders screen's console words, the ones no session reaches (rows removed one or many, a moved row, a
    /// refresh that changed nothing) and the others with them, and an order's details.
    func testOrdersScreenWords() async {
        let words = { (language: Language) in OrdersConsoleWords(language: language) }
        check("one removed") { words($0).removed("3", count: 1) }
        check("removed") { words($0).removed("21-40", count: 20) }
        check("moved") { words($0).moved(from: 10) }
        check("up to date") { words($0).upToDate }
        check("prompt") { words($0).prompt }
        check("hints") { words($0).hint + words($0).hintWithoutRows + words($0).moreHint + words($0).retryHint }
        check("cancelling", given: ["PM202506180095"]) {
            words($0).cancelling("PM202506180095") + words($0).cancelled("PM202506180095")
        }
        check("cannot cancel") { words($0).cannotCancel("PM202506180095", status: OrderStatus.shipped.title(in: $0)) }
        check("refusals") {
            [
                words($0).noOrder(99), words($0).cancelWithoutNumber, words($0).nothingToRetry, words($0).noMoreOrders,
                words($0).retryFirst, words($0).unknown("x"), words($0).help,
            ].joined(separator: "\n")
        }
        let order = DemoOrders.orders()[0]
        check("details", given: ["2025-06-18 23:57"]) { language in
            let details = OrderDetails(order, language: language)
            return [
                words(language).detailsTitle(details.number), words(language).placed(details.date),
                words(language).status(details.status), words(language).total(details.amount),
            ].joined(separator: "\n") + details.items.map { words(language).item($0) }.joined()
        }
    }
}
