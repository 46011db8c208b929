internal import BenchKit
internal import LoginFeature
internal import PureMVVM

/// The input events of the test-support rows: the username field's text, alternating between too short and long
/// enough, as in part 1, so every event changes the username's border and the login button, and sends one reload.
///
/// The password was typed before the measurement starts (`"balabala"`, valid), under the seed's rules.
struct UsernameEdits {
    /// Each text with whether the seed's rule (at least 6 characters) accepts it, as a test writes it down. Every
    /// text is a small string (at most 15 UTF-8 bytes), so passing one around never allocates.
    private let edits: [(text: String, isValid: Bool)] = [
        ("d", false), ("dimsky", true), ("dim", false), ("dimsky1", true), ("dims", false), ("dimskyy", true),
    ]
    private var position = 0

    /// The password every workload types during its set-up.
    static let password = "balabala"

    /// The username's border for a text that is too short, under the seed's rules.
    static let tooShort = BorderState.invalid(["Must be at least 6 characters."])

    /// The next edit: the text, and whether it is long enough.
    mutating func next() -> (text: String, isValid: Bool) {
        let edit = edits[position]
        position += 1
        if position == edits.count { position = 0 }
        return edit
    }

    /// Folds what a login screen would show into a checksum: the borders as the user sees them, the button, the
    /// spinner, the end of the session.
    ///
    /// - Parameters:
    ///   - outputs: The outputs after an event.
    ///   - checksum: The checksum to add them to.
    static func fold(_ outputs: LoginOutputs, into checksum: inout Checksum) {
        checksum.add(code(outputs.usernameBorder))
        checksum.add(code(outputs.passwordBorder))
        checksum.add(outputs.isLoginEnabled ? 1 : 0)
        checksum.add(outputs.isLoading ? 1 : 0)
        checksum.add(outputs.isLockedOut ? 1 : 0)
    }

    /// The outcome of a fresh workload after a number of events, computed from the seed's rule without any
    /// ViewModel: the outputs after every event, and one reload per event.
    ///
    /// - Parameters:
    ///   - count: The number of events.
    ///   - asserted: Whether a test compared the outputs with its expectation at each event, folding a 1 for a
    ///     pass before the outputs.
    /// - Returns: The checksum of the outputs after each event, and the number of reloads.
    static func expected(events count: Int, asserted: Bool) -> Outcome {
        var edits = UsernameEdits()
        var checksum = Checksum()
        var outputs = LoginOutputs()
        outputs.passwordBorder = .valid
        for _ in 0..<count {
            let isValid = edits.next().isValid
            outputs.usernameBorder = isValid ? .valid : tooShort
            outputs.isLoginEnabled = isValid
            if asserted { checksum.add(1) }
            fold(outputs, into: &checksum)
        }
        return Outcome(checksum: checksum.value, renders: count)
    }

    /// A border as the user sees it: its colour, and the first message's length and count.
    private static func code(_ border: BorderState) -> Int {
        switch border {
        case .neutral: 1
        case .valid: 2
        case .invalid(let messages): 3 &+ messages.count &* 8 &+ (messages.first?.utf8.count ?? 0) &* 64
        }
    }
}
