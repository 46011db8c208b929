/// The hand-written scaling screens' view, as their ViewModels see it: one `reloadViews()` that redraws
/// everything.
@MainActor
public protocol FullReloadDelegate: AnyObject {
    /// Redraws every output.
    func reloadViews()
}
