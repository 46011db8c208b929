/// How the console's simulated profile server behaves (`--remote`), so the home screen's fallback, error and
/// retry can be tried at the console and recorded in transcripts.
enum SimulatedServer: String, CaseIterable, Equatable {
    /// It answers every request.
    case up
    /// It fails every request: the profile server cannot be reached.
    case down
    /// It fails the first request and answers the others, so `retry` works.
    case flaky
}
