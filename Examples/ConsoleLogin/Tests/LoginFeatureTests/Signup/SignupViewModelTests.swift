import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// The sign-up screen: linked fields, the terms, and the service's answers, asserted in order with no sleeps.
@MainActor
final class SignupViewModelTests: GuardedTestCase {
    private let email = "dimsky@example.com"
    private let taken = BorderState.invalid(["This email is already registered."])

    private func makeTester(language: Language = .english) -> (
        ViewModelTester<SignupViewModel, SignupSpy>, FakeSignupService
    ) {
        let service = FakeSignupService()
        return (ViewModelTester(SignupViewModel(service: service, language: language), spy: SignupSpy()), service)
    }

    /// Fills in a valid form: the button turns on with the last input.
    private func fillIn(_ tester: ViewModelTester<SignupViewModel, SignupSpy>) {
        tester.send({ $0.emailDidChange(" \(email) ") }) { $0.emailBorder = .valid }
        tester.send({ $0.passwordDidChange("balabala") }) { $0.passwordBorder = .valid }
        tester.send({ $0.confirmationDidChange("balabala") }) { $0.confirmationBorder = .valid }
        tester.send({ $0.termsDidChange(true) }) {
            $0.termsBorder = .valid
            $0.isSignUpEnabled = true
        }
    }

    private func startSignUp(_ tester: ViewModelTester<SignupViewModel, SignupSpy>) {
        tester.send({ $0.signUp() }) {
            $0.isLoading = true
            $0.isSignUpEnabled = false
        }
    }

    func testAnEmptyEmailShowsOnlyRequired() async {
        let (tester, _) = makeTester()
        tester.send({ $0.emailDidChange("") }) { $0.emailBorder = .invalid(["Required."]) }
        tester.send({ $0.emailDidChange("dimsky") }) { $0.emailBorder = .invalid(["Enter a valid email address."]) }
    }

    func testTheConfirmationFollowsThePassword() async {
        let (tester, _) = makeTester()
        tester.send({ $0.passwordDidChange("balabala") }) { $0.passwordBorder = .valid }
        // The confirmation was never edited: it stays neutral while the password changes.
        tester.send({ $0.passwordDidChange("balabala2") })
        tester.send({ $0.confirmationDidChange("balabala") }) { $0.confirmationBorder = .invalid(["Does not match."]) }
        tester.send({ $0.passwordDidChange("balabala") }) { $0.confirmationBorder = .valid }
        tester.send({ $0.passwordDidChange("bala") }) {
            $0.passwordBorder = .invalid(["Must be at least 6 characters."])
            $0.confirmationBorder = .invalid(["Does not match."])
        }
    }

    /// Issue 21, point 6: the repeat check compares exactly what is hashed, and the email is checked against the
    /// account file's name rules before the password is asked.
    func testTheRepeatMustBeTheSameBytesAndTheEmailMustBeAnAccountName() async {
        let (tester, _) = makeTester()
        tester.send({ $0.passwordDidChange("pass\u{E9}123") }) { $0.passwordBorder = .valid }
        tester.send({ $0.confirmationDidChange("passe\u{301}123") }) {
            $0.confirmationBorder = .invalid(["Does not match."])
        }
        tester.send({ $0.emailDidChange("#abc@example.com") }) {
            $0.emailBorder = .invalid([
                "Cannot be an account name: it must not start with '#' or contain ':', spaces, control or invisible "
                    + "characters."
            ])
        }
        let (chinese, _) = makeTester(language: .chinese)
        chinese.send({ $0.emailDidChange("#abc@example.com") }) {
            $0.emailBorder = .invalid(["不能用作账户名：不能以 “#” 开头，也不能包含 “:”、空白、控制字符或不可见字符。"])
        }
    }

    /// Issue 40, F5: an email that would look like another one through a character that shows as nothing (a
    /// variation selector, the combining grapheme joiner, a Hangul filler) is refused before the password is asked.
    func testAnEmailWithACharacterThatShowsAsNothingIsRefused() async {
        let (tester, _) = makeTester()
        tester.send({ $0.emailDidChange("alice01\u{FE0F}@example.com") }) {
            $0.emailBorder = .invalid(["Enter a valid email address."])
        }
        for email in ["alice01@example.com\u{34F}", "\u{3164}@example.com", "alice\u{115F}01@example.com"] {
            tester.send { $0.emailDidChange(email) }  // refused alike: the border stays
        }
        tester.send({ $0.emailDidChange("alice01@example.com") }) { $0.emailBorder = .valid }
    }

    func testTheTermsMustBeAccepted() async {
        let (tester, service) = makeTester()
        fillIn(tester)
        tester.send({ $0.termsDidChange(false) }) {
            $0.termsBorder = .invalid(["Accept the terms to sign up."])
            $0.isSignUpEnabled = false
        }
        tester.send { $0.signUp() }
        XCTAssertEqual(service.calls.pendingCount, 0, "a disabled button does nothing")
    }

    func testSuccessSendsTheTrimmedEmailAndMovesHome() async throws {
        let (tester, service) = makeTester()
        fillIn(tester)
        startSignUp(tester)
        let request = try await service.calls.next()
        XCTAssertEqual(request, .init(email: email, password: "balabala"))
        service.calls.respond(with: User(name: email))
        await tester.receiveReload {
            $0.isLoading = false
            $0.isSignUpEnabled = true
        }
        await tester.receive(.home(User(name: email)))
    }

    func testATakenEmailShowsOnTheEmailFieldUntilItIsEdited() async throws {
        let (tester, service) = makeTester()
        fillIn(tester)
        startSignUp(tester)
        _ = try await service.calls.next()
        service.calls.fail(with: .emailTaken)
        await tester.receiveReload {
            $0.isLoading = false
            $0.emailBorder = self.taken
        }
        // Editing another field keeps the error; editing the email clears it.
        tester.send({ $0.passwordDidChange("balabala") })
        tester.send({ $0.termsDidChange(true) })
        tester.send({ $0.emailDidChange("dimsky2@example.com") }) {
            $0.emailBorder = .valid
            $0.isSignUpEnabled = true
        }
        startSignUp(tester)
        let retry = try await service.calls.next()
        XCTAssertEqual(retry, .init(email: "dimsky2@example.com", password: "balabala"))
        service.calls.respond(with: User(name: "dimsky2@example.com"))
        await tester.receiveReload {
            $0.isLoading = false
            $0.isSignUpEnabled = true
        }
        await tester.receive(.home(User(name: "dimsky2@example.com")))
    }

    func testAnUnavailableServiceShowsAnAlertAndKeepsTheForm() async throws {
        let (tester, service) = makeTester()
        fillIn(tester)
        startSignUp(tester)
        _ = try await service.calls.next()
        service.calls.fail(with: .unavailable("team.accounts: Permission denied"))
        await tester.receiveReload {
            $0.isLoading = false
            $0.isSignUpEnabled = true
        }
        await tester.receive(
            .alert(
                AlertContent(
                    title: "Sign-up failed",
                    message: "The account could not be created: team.accounts: Permission denied")))
    }

    func testASecondSignUpWhileLoadingIsIgnored() async throws {
        let (tester, service) = makeTester()
        fillIn(tester)
        startSignUp(tester)
        _ = try await service.calls.next()
        tester.send { $0.signUp() }
        tester.send({ $0.emailDidChange("other@example.com") })
        XCTAssertEqual(service.calls.pendingCount, 1)
        service.calls.respond(with: User(name: email))
        await tester.receiveReload {
            $0.isLoading = false
            $0.isSignUpEnabled = true
        }
        await tester.receive(.home(User(name: email)))
    }

    func testChineseMessages() async throws {
        let (tester, service) = makeTester(language: .chinese)
        tester.send({ $0.emailDidChange("") }) { $0.emailBorder = .invalid(["不能为空。"]) }
        tester.send({ $0.passwordDidChange("bala") }) { $0.passwordBorder = .invalid(["至少需要 6 个字符。"]) }
        tester.send({ $0.confirmationDidChange("x") }) { $0.confirmationBorder = .invalid(["两次输入不一致。"]) }
        tester.send({ $0.termsDidChange(false) }) { $0.termsBorder = .invalid(["请先同意服务条款。"]) }
        tester.send({ $0.emailDidChange(email) }) { $0.emailBorder = .valid }
        tester.send({ $0.passwordDidChange("balabala") }) {
            $0.passwordBorder = .valid
            $0.confirmationBorder = .invalid(["两次输入不一致。"])
        }
        tester.send({ $0.confirmationDidChange("balabala") }) { $0.confirmationBorder = .valid }
        tester.send({ $0.termsDidChange(true) }) {
            $0.termsBorder = .valid
            $0.isSignUpEnabled = true
        }
        startSignUp(tester)
        _ = try await service.calls.next()
        service.calls.fail(with: .emailTaken)
        await tester.receiveReload {
            $0.isLoading = false
            $0.emailBorder = .invalid(["该电子邮件地址已注册。"])
        }
    }

    func testAViewModelFreedMidSignUpSendsNothing() async throws {
        let service = FakeSignupService()
        let view = SignupSpy()
        do {
            let viewModel = SignupViewModel(service: service)
            viewModel.delegate = view
            viewModel.emailDidChange(email)
            viewModel.passwordDidChange("balabala")
            viewModel.confirmationDidChange("balabala")
            viewModel.termsDidChange(true)
            viewModel.signUp()
            _ = try await service.calls.next()
            trackForLeaks(viewModel)
        }
        // The ViewModel is gone: its deinit cancelled the task, so the service's call ended with `.cancelled`.
        XCTAssertEqual(service.calls.pendingCount, 0)
        XCTAssertFalse(service.calls.respond(with: User(name: email)), "nobody waits for an answer any more")
    }
}
