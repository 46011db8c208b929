import LoginFeature
import PureMVVMTesting

@MainActor
final class HomeSpy: HomeViewModelDelegate, DelegateSpy {
    enum Event: Equatable, Sendable {
        case menu(MenuItem)
        case logout
    }

    let recorder = DelegateRecorder<HomeOutputs, Event>()
    func moveToMenuItem(_ item: MenuItem) { recorder.record(.menu(item)) }
    func moveToLoginScreen() { recorder.record(.logout) }
}

/// A profile source whose lookups wait until the test answers them.
final class FakeProfileSource: ProfileSource {
    let calls = PendingCalls<String, ProfileRecord?, ProfileSourceError>(whenCancelled: .cancelled)

    func profile(for username: String) async throws(ProfileSourceError) -> ProfileRecord? {
        try await calls.wait(for: username)
    }
}
