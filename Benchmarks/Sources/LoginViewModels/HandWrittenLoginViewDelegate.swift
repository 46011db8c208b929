/// The hand-written login view as its ViewModel sees it: one `reloadViews()` that redraws everything.
@MainActor
public protocol HandWrittenLoginViewDelegate: AnyObject {
    /// Redraws every output of the login screen.
    func reloadViews()
}
