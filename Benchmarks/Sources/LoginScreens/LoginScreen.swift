internal import BenchKit
internal import PureMVVM

/// The login screen's widgets, as a view draws them: two bordered fields, a button, a spinner, and whether the
/// session ended after too many failed sign-ins (LoginFeature's `LoginOutputs`, which every variant shows).
///
/// Views write the widgets in their render code; at the end of every event the driver folds the frame, the four
/// widgets as the user would see them, into a checksum. So every variant must show the same frames, whatever
/// it redraws, and the view's reads of the outputs cannot be optimised away.
@MainActor
final class LoginScreen {
    var usernameBorder: BorderState = .neutral
    var passwordBorder: BorderState = .neutral
    var isLoginEnabled = false
    var isLoading = false
    var isLockedOut = false

    private var checksum = Checksum()
    private var renders = 0

    /// Counts one render pass of the view.
    func didRender() {
        renders += 1
    }

    /// Folds what the screen shows now into the checksum.
    func endFrame() {
        checksum.add(Self.code(usernameBorder))
        checksum.add(Self.code(passwordBorder))
        checksum.add(isLoginEnabled ? 1 : 0)
        checksum.add(isLoading ? 1 : 0)
        checksum.add(isLockedOut ? 1 : 0)
    }

    /// Forgets the frames and renders of the set-up, before the first measured event.
    func startMeasuring() {
        checksum = Checksum()
        renders = 0
    }

    var outcome: Outcome { Outcome(checksum: checksum.value, renders: renders) }

    /// A border as the user sees it: its colour, and the first message's length and count.
    nonisolated static func code(_ border: BorderState) -> Int {
        switch border {
        case .neutral: 1
        case .valid: 2
        case .invalid(let messages): 3 &+ messages.count &* 8 &+ (messages.first?.utf8.count ?? 0) &* 64
        }
    }
}
