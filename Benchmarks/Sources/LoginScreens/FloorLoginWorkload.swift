internal import BenchKit
internal import PureMVVM

/// The floor: the same validation and the same drawing as every other variant, with no ViewModel between them.
/// What is left above this row is the cost of the architecture.
@MainActor
final class FloorLoginWorkload: EventWorkload {
    private let screen = LoginScreen()
    private var events = LoginEvents()
    private var username = ValidatedField(rule: .minimumLength(6))
    private var password = ValidatedField(rule: .minimumLength(6))

    init() {
        password.edit(LoginEvents.password)
        screen.passwordBorder = password.border
        screen.startMeasuring()
    }

    func run(events count: Int) {
        for _ in 0..<count {
            username.edit(events.next())
            screen.usernameBorder = username.border
            screen.isLoginEnabled = username.isValid && password.isValid
            screen.didRender()
            screen.endFrame()
        }
    }

    var outcome: Outcome { screen.outcome }
}
