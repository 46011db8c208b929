public import PureMVVM

/// A sign-up screen on the toolkit: email, password, its confirmation and the terms, checked as the user types,
/// on a ``ValidatedForm``; a button enabled only when all pass; loading while the ``SignupService`` works; then
/// the home screen, or the service's answer where it belongs.
///
/// - The email is trimmed, then must be an email address (``ValidationRule/email(message:)``) of at most 254
///   characters that can be an account name (``AccountFile/checkName(_:)``: an email such as `#abc@example.com`,
///   whose line would be a comment, is refused here, before the password is asked); only the first failure
///   shows, so an empty field says "Required." alone.
/// - The password follows the login form's (``LoginRules/password(in:)``), so the new account can sign in.
/// - The confirmation follows the password: editing the password re-checks it, and an untouched confirmation
///   stays neutral.
/// - "Email taken" from the service shows on the email field as `.invalid([message])` and disables the button
///   until the email is edited; any other failure is an alert. The typed passwords are kept, so the user only
///   fixes the email.
///
/// ```swift
/// let viewModel = SignupViewModel(service: accounts, language: .english)
/// viewModel.delegate = signupView         // held weakly
/// viewModel.emailDidChange("dimsky@example.com")
/// viewModel.passwordDidChange("balabala")
/// viewModel.confirmationDidChange("balabala")
/// viewModel.termsDidChange(true)
/// viewModel.isSignUpEnabled               // true
/// viewModel.signUp()                      // later: moveToHomeScreen(for:), or the email's border, or showAlert(_:)
/// ```
@MainActor
public final class SignupViewModel: ViewModel {
    /// The sign-up view; held weakly, so the ViewModel never keeps its view alive.
    public weak var delegate: (any SignupViewModelDelegate)?

    /// Everything the sign-up screen shows right now.
    public var outputs: SignupOutputs { store.outputs }

    private let store = OutputStore(SignupOutputs())
    private let service: any SignupService
    private let text: SignupText
    private var form: ValidatedForm<SignupFormField>
    private var termsAccepted: Bool?
    private var signupTask: Task<Void, Never>?

    /// Creates an untouched sign-up screen.
    ///
    /// - Parameters:
    ///   - service: Creates the account when the user signs up.
    ///   - language: The language of the messages; English by default, as the login form's rules.
    public init(service: any SignupService, language: Language = .english) {
        self.service = service
        text = SignupText(language: language)
        let messages = language.validationMessages
        form = ValidatedForm(
            [
                .email: ValidatedField(
                    rule: ValidationRule.firstFailure(of: [
                        .required, .email(), .maximumLength(254), Self.accountName(message: text.unusableName),
                    ]).withDefaultMessages(messages),
                    whitespace: .trim),
                .password: ValidatedField(rule: LoginRules.password(in: language)),
                .confirmation: ValidatedField(rule: ValidationRule.confirmation().withDefaultMessages(messages)),
            ],
            confirming: [.confirmation: .password]
        )
    }

    deinit {
        signupTask?.cancel()
    }

    // MARK: Inputs

    /// The email field's text changed; it also clears the service's "already registered".
    ///
    /// - Parameter text: The field's whole text; `nil` counts as an edit to empty text.
    public func emailDidChange(_ text: String?) {
        form.edit(.email, to: text)
        reloadFields()
    }

    /// The password field's text changed; an edited confirmation is checked against the new password.
    ///
    /// - Parameter text: The field's whole text; `nil` counts as an edit to empty text.
    public func passwordDidChange(_ text: String?) {
        form.edit(.password, to: text)
        reloadFields()
    }

    /// The confirmation field's text changed.
    ///
    /// - Parameter text: The field's whole text; `nil` counts as an edit to empty text.
    public func confirmationDidChange(_ text: String?) {
        form.edit(.confirmation, to: text)
        reloadFields()
    }

    /// The terms check box changed.
    ///
    /// - Parameter isAccepted: Whether it is ticked.
    public func termsDidChange(_ isAccepted: Bool) {
        termsAccepted = isAccepted
        reloadFields()
    }

    /// The sign-up button was pressed.
    ///
    /// Does nothing unless sign-up is enabled. Otherwise shows loading (one reload) and asks the service; then
    /// hides loading and moves to the home screen, or shows "already registered" on the email field, or an alert
    /// (one reload, then the delegate call). If the ViewModel is freed first, the sign-up is cancelled and nothing
    /// is sent.
    public func signUp() {
        guard outputs.isSignUpEnabled, signupTask == nil, let email = form.value(of: .email),
            let password = form.value(of: .password)
        else { return }
        store.update(notifying: delegate) { outputs in
            outputs.isLoading = true
            outputs.isSignUpEnabled = false
        }
        signupTask = Task { [weak self, service] in
            let result: Result<User, SignupError>
            do throws(SignupError) {
                result = .success(try await service.signUp(email: email, password: password))
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled else { return }  // the screen is gone
            self?.signupDidFinish(result)
        }
    }

    // MARK: Private

    /// The rule that the email can be an account name, as an ``AccountFile`` writes names.
    private static func accountName(message: String) -> ValidationRule {
        .custom(message: message) { text in (try? AccountFile.checkName(text ?? "")) != nil }
    }

    private var termsBorder: BorderState {
        switch termsAccepted {
        case nil: .neutral
        case true?: .valid
        case false?: .invalid([text.acceptTerms])
        }
    }

    private func reloadFields() {
        store.update(notifying: delegate) { outputs in
            show(&outputs)
        }
    }

    private func show(_ outputs: inout SignupOutputs) {
        outputs.emailBorder = form.border(of: .email)
        outputs.passwordBorder = form.border(of: .password)
        outputs.confirmationBorder = form.border(of: .confirmation)
        outputs.termsBorder = termsBorder
        outputs.isSignUpEnabled = form.isValid && termsAccepted == true && !outputs.isLoading
    }

    private func signupDidFinish(_ result: Result<User, SignupError>) {
        signupTask = nil
        if case .failure(.emailTaken) = result {
            form.setExternalError(text.emailTaken, on: .email)
        }
        store.update(notifying: delegate) { outputs in
            outputs.isLoading = false
            show(&outputs)
        }
        switch result {
        case .success(let user):
            delegate?.moveToHomeScreen(for: user)
        case .failure(.unavailable(let reason)):
            delegate?.showAlert(text.unavailable(reason))
        case .failure(.emailTaken), .failure(.cancelled):
            break
        }
    }
}

/// The sign-up form's text fields.
enum SignupFormField: Hashable, Sendable {
    case email
    case password
    case confirmation
}
