public import Observation
public import PureMVVM

/// A screen's ViewModel for SwiftUI: it holds the ViewModel, is its delegate, and gives a view the outputs, the alert
/// to present and the destination to push as observable state.
///
/// The ViewModel stays delegate-only: it calls its delegate, and this object turns each call into state. Reloads are
/// handled here (see ``ObservableOutputs``: a view is invalidated only by a reload that changes an output it read).
/// A screen whose delegate protocol also alerts or navigates subclasses it, conforming to that protocol, and answers
/// each call by setting ``alert`` or ``destination``:
///
/// ```swift
/// final class LoginScreen: ObservedScreen<LoginViewModel, Route, Never>, LoginNavigating {
///     func showAlert(_ alert: AlertContent<Never>) { self.alert = alert }
///     func moveToHomeScreen(_ user: User) { destination = .home(user) }
/// }
///
/// struct LoginView: View {
///     @State var screen = LoginScreen(LoginViewModel(authenticator: accounts))
///     var body: some View {
///         TextField("Username", text: .constant("")).border(screen.usernameBorder)   // one output
///     }
/// }
/// ```
///
/// The ViewModel holds its delegate weakly, and this object holds the ViewModel: the view that keeps the screen
/// keeps both, and nothing keeps them after it.
///
/// - `Destination`: what the screen pushes (an enum of the app's routes), `Never` for a screen that does not.
/// - `AlertAction`: the answers of the screen's alerts' buttons (see
/// [`AlertContent`](/documentation/puremvvm/alertcontent)), `Never` for alerts
///   that only inform.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@dynamicMemberLookup
open class ObservedScreen<Model: ViewModel, Destination: Hashable, AlertAction: Hashable & Sendable>: Observable,
    ReloadDelegate
{
    /// The outputs' type, for [`ReloadDelegate`](/documentation/puremvvm/reloaddelegate).
    public typealias Outputs = Model.Outputs

    /// The ViewModel, whose inputs the view calls.
    public let viewModel: Model
    /// The outputs, observable one by one.
    public let outputs: ObservableOutputs<Model.Outputs>

    private let registrar = ObservationRegistrar()
    private var presentedAlert: AlertContent<AlertAction>?
    private var pushedDestination: Destination?
    private var children: [ObjectIdentifier: ChildOutputs] = [:]

    /// Creates the screen and makes it the ViewModel's delegate.
    ///
    /// The screen becomes the delegate when it is of the ViewModel's delegate type: a ViewModel whose delegate is
    /// `any ReloadDelegate<Outputs>`, or a subclass that conforms to the screen's own delegate protocol. (A subclass
    /// that forgets that conformance is reported in debug builds.)
    ///
    /// - Parameter viewModel: The screen's ViewModel.
    public init(_ viewModel: Model) {
        self.viewModel = viewModel
        outputs = ObservableOutputs(viewModel.outputs)
        if let delegate = self as? Model.Delegate {
            viewModel.delegate = delegate
        } else {
            assertionFailure(
                "\(type(of: self)) is not a \(Model.Delegate.self): declare the conformance to the delegate protocol "
                    + "of \(Model.self), so that it can be its delegate")
        }
    }

    /// One output, read by a view (`screen.border`): see ``ObservableOutputs/subscript(dynamicMember:)``.
    ///
    /// - Parameter keyPath: The output.
    /// - Returns: Its value.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Model.Outputs, Value>) -> Value {
        outputs[dynamicMember: keyPath]
    }

    /// The alert to present, set by the screen's `showAlert`; `nil` once it is dismissed.
    public var alert: AlertContent<AlertAction>? {
        get {
            registrar.access(self, keyPath: \.alert)
            return presentedAlert
        }
        set {
            registrar.withMutation(of: self, keyPath: \.alert) { presentedAlert = newValue }
        }
    }

    /// Whether an alert is presented: SwiftUI's `alert(_:isPresented:presenting:actions:message:)` binds to it, and
    /// setting it to `false` dismisses the alert.
    public var isAlertPresented: Bool {
        get { alert != nil }
        set { if !newValue { alert = nil } }
    }

    /// The screen to push, set by the screen's navigation calls; `nil` once the view pops it. SwiftUI's
    /// `navigationDestination(item:destination:)` binds to it.
    public var destination: Destination? {
        get {
            registrar.access(self, keyPath: \.destination)
            return pushedDestination
        }
        set {
            registrar.withMutation(of: self, keyPath: \.destination) { pushedDestination = newValue }
        }
    }

    /// Takes the ViewModel's reload: see ``ObservableOutputs/reloadViews(_:from:)``.
    ///
    /// - Parameters:
    ///   - changes: What changed.
    ///   - outputs: The outputs after the change.
    public func reloadViews(_ changes: ChangeSet<Model.Outputs>, from outputs: ReadOnlyOutputs<Model.Outputs>) {
        self.outputs.reloadViews(changes, from: outputs)
        children = children.filter { $0.value.isAlive }
    }

    /// The observable outputs of a row's child ViewModel, made its delegate the first time and the same object on
    /// every later call while the child lives: a row view reads its own child's outputs, and a reload of one row
    /// invalidates that row's view alone.
    ///
    /// ```swift
    /// ForEach(screen.rows) { row in
    ///     OrderRowView(outputs: screen.outputs(of: screen.viewModel.child(for: row)))
    /// }
    /// ```
    ///
    /// The child stays the parent ViewModel's to keep ([`ChildViewModels`](/documentation/puremvvm/childviewmodels)):
    /// this object holds it weakly, and forgets the outputs of a child that is gone at the next reload or the next
    /// call.
    ///
    /// - Parameter child: A child ViewModel whose delegate protocol is
    /// [`ReloadDelegate`](/documentation/puremvvm/reloaddelegate) alone.
    /// - Returns: Its observable outputs.
    public func outputs<Child: ViewModel>(of child: Child) -> ObservableOutputs<Child.Outputs>
    where Child.Delegate == any ReloadDelegate<Child.Outputs> {
        children = children.filter { $0.value.isAlive }
        let key = ObjectIdentifier(child)
        if let known = children[key], known.isAlive, let outputs = known.outputs as? ObservableOutputs<Child.Outputs> {
            return outputs
        }
        let outputs = ObservableOutputs(child.outputs)
        child.delegate = outputs
        children[key] = ChildOutputs(child: child, outputs: outputs)
        return outputs
    }
}

/// A child ViewModel, held weakly, and the observable outputs made for it.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
private struct ChildOutputs {
    weak var child: AnyObject?
    let outputs: AnyObject

    var isAlive: Bool { child != nil }
}
