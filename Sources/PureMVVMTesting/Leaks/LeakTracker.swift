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
        /// The keeper that made the child, the parent, and the name of the parent's property that holds the keeper:
        /// to name the keeper if it still holds the child at the end.
        weak var keeper: (any ChildViewModelsKeeper)?
        weak var owner: AnyObject?
        let property: String?
    }

    /// The tracker of the running Swift Testing test with the `.trackingLeaks` trait.
    @TaskLocal static var current: LeakTracker?

    private var entries: [Entry] = []
    /// For each class tracked so far, where its instances keep `ChildViewModels` (see ``KeeperSearch``).
    private static var keeperSearches: [ObjectIdentifier: KeeperSearch] = [:]

    /// Creates a tracker with nothing registered.
    public init() {
        // From now on the toolkit records the keepers made, so that a leak can name the one that holds a child.
        LiveKeepers.startRecording()
    }

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
    /// The first object of each class is read with `Mirror`, which says whether that class keeps children at all
    /// (``KeeperSearch``): reading every tracked object with `Mirror` (a ViewModel and a spy for each sequence a
    /// contract explorer runs) cost more than the rest of a short sequence, so objects of a class that cannot keep
    /// one are not read again.
    private func followChildren(of object: AnyObject, at location: FailureLocation) {
        let key = ObjectIdentifier(type(of: object))
        let search = Self.keeperSearches[key] ?? KeeperSearch(of: object)
        Self.keeperSearches[key] = search
        guard search != .none else { return }
        let parent: AnyObject.Type = type(of: object)
        for (property, keeper) in KeeperSearch.keepers(in: object) {
            keeper.observeChildren { [weak self, weak keeper, weak object] child, id in
                let parent = Parent(rowID: id, type: parent, keeper: keeper, owner: object, property: property)
                self?.entries.append(Entry(object: child, type: type(of: child), parent: parent, location: location))
            }
        }
    }

    /// After one main-actor turn, fails for each registered object that is still alive.
    ///
    /// The failure names what still holds the object when the toolkit knows it: a `ChildViewModels` that keeps it
    /// for a row (whether the row is still in the parent's rows, and the keeper's `update(for:)` when it is gone),
    /// the outputs of a tracked ViewModel, or a `ViewModelTester` still alive (one kept in a stored property of the
    /// test case holds its ViewModel and spy). Otherwise it gives the advice for a strong reference cycle.
    ///
    /// The test must have dropped its own references first (for example by letting locals go out of scope in a
    /// `do { }` block, or setting properties to `nil`). When every object is already freed, no turn is taken.
    public func verify() async {
        // The turn lets work that was about to release an object run; a contract explorer verifies after every
        // sequence, and a turn costs more than the rest of a short one.
        if entries.contains(where: { $0.object != nil }) { await Task.yield() }
        if entries.contains(where: { $0.object != nil }) { reportLeaks() }
        entries.removeAll()
    }

    /// Fails for each registered object still alive, naming its holder when the toolkit knows it.
    private func reportLeaks() {
        let holders = LeakHolderSearch(
            alive: entries.compactMap(\.object),
            followed: entries.compactMap { entry in
                guard let parent = entry.parent, parent.owner == nil, let keeper = parent.keeper else { return nil }
                return (keeper, parent.type, parent.property)
            })
        for entry in entries {
            guard let object = entry.object else { continue }
            let holder = holders.holder(of: object)
            FailureReporter.fail(
                """
                \(entry.name) was not freed by the end of the test.
                \(holder.map { "\($0.explanation)\nTo fix: \($0.fix)" } ?? Self.cycleAdvice)
                """,
                at: entry.location
            )
        }
    }

    /// The advice for an object no holder the toolkit knows keeps alive.
    private static let cycleAdvice = """
        To fix: look for a strong reference cycle: a delegate not declared weak, a closure or Task that captures \
        self strongly, or a parent and child that hold each other (a child reaches its parent through a callback \
        that captures it weakly).
        """
}
