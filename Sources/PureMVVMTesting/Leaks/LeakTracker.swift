import PureMVVM

/// Checks that objects are freed by the end of a test: a ViewModel, its view, a spy, and the child ViewModels it
/// keeps.
///
/// Register each object with one call; ``verify()`` lets the main actor finish one
/// turn (so tasks that were about to release something can run) and fails for each object still alive, naming
/// its type. In XCTest, `trackForLeaks(_:)` on the test case registers and verifies in one call; in Swift Testing,
/// the `.trackingLeaks` trait and ``trackForLeaks(_:fileID:filePath:line:column:)`` do.
///
/// ```swift
/// let leaks = LeakTracker()
/// let viewModel = leaks.track(LoginViewModel(authenticator: fake))
/// // … the test …
/// await leaks.verify()
/// ```
///
/// A tracked object's stored `ChildViewModels` are followed: every child they keep, or make later, must be freed
/// too, so a row's child that holds itself (or its parent) strongly is found.
@MainActor
public final class LeakTracker {
    private struct Entry {
        weak var object: AnyObject?
        /// Its type, named only for a failure.
        let type: AnyObject.Type
        /// For a child ViewModel, its row and the tracked object that keeps it.
        let parent: Parent?
        let location: FailureLocation

        /// The object, as the failure names it.
        var name: String {
            guard let parent else { return "\(type)" }
            return "\(type) (the child ViewModel of the row with ID \(parent.rowID) in \(parent.type))"
        }
    }

    /// Where a child ViewModel belongs. A struct rather than a tuple: an array of entries holding an optional
    /// tuple looks the tuple's metadata up whenever it copies or frees one, for every tracked object.
    private struct Parent {
        let rowID: String
        let type: AnyObject.Type
    }

    /// The tracker of the running Swift Testing test with the `.trackingLeaks` trait.
    @TaskLocal static var current: LeakTracker?

    private var entries: [Entry] = []
    /// For each class tracked so far, whether its stored properties can hold a `ChildViewModels`.
    private static var keeperHolding: [ObjectIdentifier: Bool] = [:]

    /// Whether an object of a class can hold a `ChildViewModels` in a stored property, worked out once per class.
    private static func mayKeepChildren(_ type: AnyObject.Type) -> Bool {
        let key = ObjectIdentifier(type)
        if let known = keeperHolding[key] { return known }
        let search = StoredTypeSearch.search(
            type, depth: 0, where: { $0 is any ChildViewModelsKeeper.Type }, existentialCanHold: keeperFits)
        keeperHolding[key] = search != .no
        return search != .no
    }

    /// Whether a `ChildViewModels` fits a property of an existential type: yes for `Any` or `AnyObject`, no for a
    /// weak delegate such as `any LoginNavigating` (unless the keeper was made to conform to it). What the keeper
    /// conforms to does not depend on its row and child types, so one keeper answers for all.
    private static func keeperFits(_ existential: Any.Type) -> Bool {
        func fits<Existential>(_: Existential.Type) -> Bool { sampleKeeper is Existential }
        return fits(existential)
    }

    private static let sampleKeeper = ChildViewModels<SampleRow, SampleRow.Child>()

    /// The row of ``sampleKeeper``.
    private struct SampleRow: Identifiable, Equatable, Sendable {
        final class Child {}
        let id: Int
    }

    /// Creates a tracker with nothing registered.
    public init() {}

    /// Registers an object that must be freed before ``verify()``.
    ///
    /// - Parameters:
    ///   - object: The object; the tracker holds it weakly.
    ///   - fileID: Where it was registered; a leak is reported here.
    ///   - filePath: Where it was registered.
    ///   - line: Where it was registered.
    ///   - column: Where it was registered.
    /// - Returns: `object`, so registering can wrap its creation.
    @discardableResult
    public func track<Object: AnyObject>(
        _ object: Object,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Object {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        entries.append(Entry(object: object, type: type(of: object), parent: nil, location: location))
        followChildren(of: object, at: location)
        return object
    }

    /// Tracks the children of every `ChildViewModels` stored in `object`, now and as they are made.
    ///
    /// The object's type says whether it can hold one at all, once per type: reading every tracked object with
    /// `Mirror` (a ViewModel and a spy for each sequence a contract explorer runs) cost more than the rest of a
    /// short sequence.
    private func followChildren(of object: AnyObject, at location: FailureLocation) {
        guard Self.mayKeepChildren(type(of: object)) else { return }
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                guard let keeper = child.value as? any ChildViewModelsKeeper else { continue }
                let parent: AnyObject.Type = type(of: object)
                keeper.observeChildren { [weak self] child, id in
                    self?.entries.append(
                        Entry(
                            object: child, type: type(of: child), parent: Parent(rowID: id, type: parent),
                            location: location))
                }
            }
            mirror = current.superclassMirror
        }
    }

    /// After one main-actor turn, fails for each registered object that is still alive.
    ///
    /// The test must have dropped its own references first (for example by letting locals go out of scope in a
    /// `do { }` block, or setting properties to `nil`). When every object is already freed, no turn is taken.
    public func verify() async {
        // The turn lets work that was about to release an object run; a contract explorer verifies after every
        // sequence, and a turn costs more than the rest of a short one.
        if entries.contains(where: { $0.object != nil }) { await Task.yield() }
        for entry in entries where entry.object != nil {
            FailureReporter.fail(
                """
                \(entry.name) was not freed by the end of the test.
                To fix: look for a strong reference cycle: a delegate not declared weak, a closure or Task that \
                captures self strongly, or a parent and child that hold each other (a child reaches its parent \
                through a callback that captures it weakly).
                """,
                at: entry.location
            )
        }
        entries.removeAll()
    }
}
