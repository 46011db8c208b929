internal import BenchKit
internal import PureMVVM

/// The input events of the login rows: the username field's text, alternating between too short and long
/// enough, so every event changes the username's border and the login button (and so every variant reloads).
///
/// The password was typed before the measurement starts (`"balabala"`, valid).
struct LoginEvents {
    /// Every text is at most 15 UTF-8 bytes, so a Swift small string: passing one around never allocates.
    private let texts: [String] = ["d", "dimsky", "dim", "dimsky1", "dims", "dimskyy"]
    private var position = 0

    /// The password every workload types during its set-up.
    static let password = "balabala"

    /// The next text of the username field.
    mutating func next() -> String {
        let text = texts[position]
        position += 1
        if position == texts.count { position = 0 }
        return text
    }

    /// The outcome of a fresh login workload after a number of events, computed without any ViewModel: the
    /// frames the seed's rules (at least 6 characters) must show.
    ///
    /// - Parameters:
    ///   - count: The number of events.
    ///   - rendersPerEvent: How many times the variant's view draws per event.
    /// - Returns: The checksum of the frames and the number of renders.
    static func expected(events count: Int, rendersPerEvent: Int) -> Outcome {
        let tooShort = BorderState.invalid(["Must be at least 6 characters."])
        var events = LoginEvents()
        var checksum = Checksum()
        for _ in 0..<count {
            let isValid = events.next().count >= 6
            checksum.add(LoginScreen.code(isValid ? .valid : tooShort))
            checksum.add(LoginScreen.code(.valid))
            checksum.add(isValid ? 1 : 0)
            checksum.add(0)
            checksum.add(0)
        }
        return Outcome(checksum: checksum.value, renders: count * rendersPerEvent)
    }
}
