public import OpenCombine
internal import PureMVVM

/// The login screen as an OpenCombine pipeline: every edit is mapped to a publisher of the screen's validated
/// state and `switchToLatest` keeps the newest one (the shape an asynchronous check needs); the view subscribes
/// to the one ``state`` publisher.
///
/// OpenCombine 0.14 has no `combineLatest`, so both fields' edits travel through one subject.
@MainActor
public final class PipelineLoginViewModel {
    /// The screen's state after every input, starting with the untouched screen.
    public let state: AnyPublisher<LoginState, Never>

    private enum Edit {
        case username(String?)
        case password(String?)
    }

    private let edits = PassthroughSubject<Edit, Never>()

    /// Creates an untouched login screen.
    public init() {
        var username = ValidatedField(rule: .minimumLength(6))
        var password = ValidatedField(rule: .minimumLength(6))
        func state() -> LoginState {
            LoginState(
                usernameBorder: username.border,
                passwordBorder: password.border,
                isLoginEnabled: username.isValid && password.isValid,
                isLoading: false,
                isLockedOut: false
            )
        }
        self.state =
            edits
            .map { edit -> Just<LoginState> in
                switch edit {
                case .username(let text): username.edit(text)
                case .password(let text): password.edit(text)
                }
                return Just(state())
            }
            .switchToLatest()
            .prepend(state())
            .eraseToAnyPublisher()
    }

    /// The username field's text changed.
    ///
    /// - Parameter text: The field's whole text.
    public func usernameDidChange(_ text: String?) {
        edits.send(.username(text))
    }

    /// The password field's text changed.
    ///
    /// - Parameter text: The field's whole text.
    public func passwordDidChange(_ text: String?) {
        edits.send(.password(text))
    }
}
