/// The lean hand-written login view as its ViewModel sees it: told which outputs changed, and handed them.
@MainActor
public protocol LeanLoginViewDelegate: AnyObject {
    /// Redraws the outputs that changed.
    ///
    /// - Parameters:
    ///   - changes: The outputs whose values changed; never empty.
    ///   - state: Every output, to read the changed ones from.
    func reloadViews(_ changes: LoginChanges, state: LoginState)
}
