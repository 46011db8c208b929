/// The one way a ViewModel tells its view to redraw.
///
/// A view conforms and, in ``reloadViews(_:from:)``, redraws the fields named in the change set with the values
/// it reads from the outputs handed to it. The ViewModel holds its delegate `weak`ly and calls it on the main
/// actor, once per input event, and never with an empty change set. Redrawing is idempotent: a view may call its
/// own `reloadViews` with every field at any time, for example when it first appears:
///
/// ```swift
/// reloadViews(.all, from: ReadOnlyOutputs(viewModel.outputs))
/// ```
///
/// A screen that also needs alerts or navigation declares those in a protocol of its own and composes:
///
/// ```swift
/// @MainActor protocol LoginNavigating: AnyObject {
///     func showAlert(_ alert: AlertContent<Never>)
///     func moveToHomeScreen(for user: User)
/// }
/// typealias LoginViewModelDelegate =
///     ReloadDelegate<LoginOutputs> & LoginNavigating
/// ```
///
/// Composing, rather than refining with `protocol LoginViewModelDelegate: ReloadDelegate<LoginOutputs>`, lets
/// the delegate be passed straight to ``OutputStore/update(notifying:_:)``: Swift cannot convert an existential of
/// a refining protocol to `any ReloadDelegate<LoginOutputs>`.
@MainActor
public protocol ReloadDelegate<Outputs>: AnyObject {
    /// The outputs snapshot of the ViewModel this delegate shows.
    associatedtype Outputs: ViewOutputs

    /// Redraws the outputs that changed.
    ///
    /// - Parameters:
    ///   - changes: The outputs whose values differ from the previous reload; never empty.
    ///   - outputs: The ViewModel's outputs, to read by name (`outputs.usernameBorder`): each read goes to the one
    ///     value, however many outputs there are, and none can be written.
    func reloadViews(_ changes: ChangeSet<Outputs>, from outputs: ReadOnlyOutputs<Outputs>)
}
