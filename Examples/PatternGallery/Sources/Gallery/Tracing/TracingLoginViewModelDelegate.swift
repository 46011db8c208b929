internal import LoginFeature
internal import PureMVVM

/// The view as the ViewModel of either MVVM pattern calls it, traced: reloads naming what changed, alerts and
/// navigation, each a message from the ViewModel to the View.
@MainActor
final class TracingLoginViewModelDelegate: LoginNavigating, ReloadDelegate {
    /// The real view; held weakly, as the ViewModel holds its delegate.
    private(set) weak var view: (any LoginViewModelDelegate)?
    private let sink: any LoginTraceSink

    /// Creates the proxy.
    ///
    /// - Parameters:
    ///   - view: The real view.
    ///   - sink: Where messages go.
    init(_ view: any LoginViewModelDelegate, sink: any LoginTraceSink) {
        self.view = view
        self.sink = sink
    }

    func reloadViews(_ changes: ChangeSet<LoginOutputs>, from outputs: ReadOnlyOutputs<LoginOutputs>) {
        guard let view else { return }
        let fields = changes.map { ".\($0)" }.joined(separator: ", ")
        sink.call(from: .viewModel, to: .view, "reloadViews([\(fields)], from: outputs)")
        view.reloadViews(changes, from: outputs)
    }

    func showAlert(_ alert: AlertContent<Never>) {
        guard let view else { return }
        sink.call(from: .viewModel, to: .view, "showAlert(\(TraceText.alert(alert)))")
        view.showAlert(alert)
    }

    func moveToHomeScreen(for user: User) {
        guard let view else { return }
        sink.call(from: .viewModel, to: .view, "moveToHomeScreen(for: \(TraceText.user(user)))")
        view.moveToHomeScreen(for: user)
    }
}
