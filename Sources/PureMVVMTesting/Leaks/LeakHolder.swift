import PureMVVM

/// What still holds an object the leak tracker expected to be freed, when the toolkit can tell, worded for the
/// failure: a `ChildViewModels` that keeps it for a row, a tester still alive, or the outputs of a tracked
/// ViewModel. The tracker gives cycle advice only for an object none of these holds.
@MainActor
struct LeakHolder {
    /// Who holds the object and why: the line between the failure's first line and its "To fix:".
    let explanation: String
    /// What to do, the text after "To fix: ".
    let fix: String
}

/// Finds the holders the toolkit knows of, at a ``LeakTracker/verify()`` that found objects still alive.
///
/// It asks every `ChildViewModels` alive that it can reach whether it keeps the object: those stored in the tracked
/// objects still alive (their owners), those the tracker followed from an object since freed, and those the
/// toolkit recorded as they were made (`LiveKeepers`: their owners may be objects the test did not track). Then it
/// asks the testers alive (``LiveTesters``), and looks for the object in the outputs of each tracked ViewModel still
/// alive. It runs only for a failure.
@MainActor
struct LeakHolderSearch {
    /// A keeper alive, and where it is stored when the search knows.
    private struct Keeper {
        let keeper: any ChildViewModelsKeeper
        let place: Place
    }

    /// Where a keeper is stored.
    private enum Place {
        /// In a property of an object still alive: a tracked one (`heldBy` is `nil`), or a ViewModel a tester holds
        /// (`heldBy` names the tester).
        case owner(AnyObject, property: String?, heldBy: String?)
        /// In a property of a tracked object freed since, which the tracker followed it from.
        case formerOwner(AnyObject.Type, property: String?)
        /// Somewhere the tracker cannot see: an object the test did not track.
        case unknown
    }

    private var keepers: [Keeper] = []
    private let alive: [AnyObject]

    /// Gathers the keepers and owners alive now.
    ///
    /// - Parameters:
    ///   - alive: The tracked objects still alive.
    ///   - followed: The keepers the tracker followed children from whose owner (the tracked object they were found
    ///     in) is freed, each with its owner's type and the property's name.
    init(
        alive: [AnyObject],
        followed: [(keeper: any ChildViewModelsKeeper, ownerType: AnyObject.Type, property: String?)]
    ) {
        self.alive = alive
        // A keeper may be found in several places (a child that holds its own keeper too): each is kept, and the
        // first that is not the leaked object itself names it.
        var owned = Set<ObjectIdentifier>()
        for owner in alive {
            for (property, keeper) in KeeperSearch.keepers(in: owner) {
                keepers.append(Keeper(keeper: keeper, place: .owner(owner, property: property, heldBy: nil)))
                owned.insert(ObjectIdentifier(keeper))
            }
        }
        // A parent the test did not track is often the ViewModel of a tester still alive.
        for (viewModel, tester) in LiveTesters.heldViewModels where !alive.contains(where: { $0 === viewModel }) {
            let heldBy = "the ViewModelTester made at \(tester.workScope.createdAt.shortDescription)"
            for (property, keeper) in KeeperSearch.keepers(in: viewModel) {
                keepers.append(Keeper(keeper: keeper, place: .owner(viewModel, property: property, heldBy: heldBy)))
                owned.insert(ObjectIdentifier(keeper))
            }
        }
        for followed in followed {
            keepers.append(
                Keeper(keeper: followed.keeper, place: .formerOwner(followed.ownerType, property: followed.property)))
            owned.insert(ObjectIdentifier(followed.keeper))
        }
        for keeper in LiveKeepers.alive where !owned.contains(ObjectIdentifier(keeper)) {
            keepers.append(Keeper(keeper: keeper, place: .unknown))
        }
    }

    /// The holder of an object, when the toolkit knows it.
    ///
    /// - Parameter object: An object still alive that should have been freed.
    /// - Returns: Who holds it and how to fix that, or `nil` when none of the holders the search knows does.
    func holder(of object: AnyObject) -> LeakHolder? {
        for entry in keepers {
            if case .owner(let owner, _, _) = entry.place, owner === object { continue }
            guard let id = entry.keeper.rowID(keeping: object) else { continue }
            return Self.keeperHolds(entry, rowID: id)
        }
        if let (tester, role) = LiveTesters.tester(holding: object) {
            let madeAt = tester.workScope.createdAt.shortDescription
            return LeakHolder(
                explanation:
                    "The ViewModelTester made at \(madeAt) holds it as its \(role), and is still alive: a tester "
                    + "holds its ViewModel and its spy until it is freed.",
                fix: "make the tester a local of the test, not a stored property of the test case (or set that "
                    + "property to nil before the check), so it is freed when the test ends.")
        }
        for owner in alive where owner !== object {
            guard let viewModel = owner as? any ViewModel,
                let path = OutputsPath.path(to: object, inOutputs: viewModel.outputs)
            else { continue }
            return LeakHolder(
                explanation: "The outputs of \(type(of: owner)) hold it (`\(path)`), and \(type(of: owner)) is still "
                    + "alive.",
                fix: "if it should be gone, take it out of \(type(of: owner))'s outputs; if \(type(of: owner)) "
                    + "should be freed too, find what keeps it alive (its own failure says more).")
        }
        return nil
    }

    /// The wording for a child a keeper still keeps.
    private static func keeperHolds(_ entry: Keeper, rowID: AnyHashable) -> LeakHolder {
        let keeperType = "\(type(of: entry.keeper))"
        let id = String(reflecting: rowID.base)
        switch entry.place {
        case .owner(let owner, let property, let heldBy):
            let ownerType = "\(type(of: owner))"
            let keeper =
                property.map { "`\($0)` of \(ownerType), a \(keeperType)," } ?? "the \(keeperType) of \(ownerType)"
            let update = property.map { "`\($0).update(for:)`" } ?? "the keeper's `update(for:)`"
            let rows = shownRows(of: entry.keeper.rowType, withID: rowID, in: owner)
            if let rows, !rows.showsID {
                return LeakHolder(
                    explanation: "Nothing cycles: \(keeper) still keeps it for the row with ID \(id), which is no "
                        + "longer in \(ownerType)'s `\(rows.property)`.",
                    fix: "whenever \(ownerType)'s rows change, pass the new rows to \(update): it releases the "
                        + "children of the rows that are gone.")
            }
            let shown = rows.map { ", which \(ownerType)'s `\($0.property)` still shows" } ?? ""
            if let heldBy {
                return LeakHolder(
                    explanation: "\(keeper) keeps it for the row with ID \(id)\(shown), and \(ownerType) is still "
                        + "alive, held by \(heldBy): a child is freed with its parent.",
                    fix: "check the child once its row is gone from \(ownerType)'s rows, or once \(ownerType) is "
                        + "freed with its tester (a tester kept in a stored property of the test case lives as long "
                        + "as the test case).")
            }
            return LeakHolder(
                explanation: "\(keeper) keeps it for the row with ID \(id)\(shown), and \(ownerType) is still "
                    + "alive: a child is freed with its parent.",
                fix: "find what keeps \(ownerType) alive (its own failure says more); if this child is still "
                    + "reported once \(ownerType) is freed, look for a cycle of its own.")
        case .formerOwner(let ownerType, let property):
            let keeper =
                property.map { "`\($0)` of \(ownerType), a \(keeperType)," } ?? "the \(keeperType) of \(ownerType)"
            return LeakHolder(
                explanation: "\(keeper) still keeps it for the row with ID \(id), though \(ownerType) was freed: "
                    + "something else holds the keeper.",
                fix: "look for what holds the keeper besides its parent, such as a child's closure that captures it "
                    + "strongly; only the parent should hold its ChildViewModels.")
        case .unknown:
            return LeakHolder(
                explanation: "A \(keeperType) still keeps it for the row with ID \(id): the keeper is alive, so its "
                    + "parent (not tracked by this test) is alive too, or something else holds the keeper.",
                fix: "if that row is gone from the parent's rows, have the parent pass its new rows to the keeper's "
                    + "update(for:) whenever they change (it releases the children of rows that are gone); if the "
                    + "parent should be freed too, track it as well to see what holds it.")
        }
    }

    /// The rows of a type in an owner's outputs, and whether they show a row with an ID; `nil` when the owner is no
    /// ViewModel or its outputs hold no `Rows` of that type as a property.
    private static func shownRows(of rowType: Any.Type, withID id: AnyHashable, in owner: AnyObject)
        -> (property: String, showsID: Bool)?
    {
        guard let viewModel = owner as? any ViewModel else { return nil }
        var found: (property: String, showsID: Bool)?
        for child in Mirror(reflecting: viewModel.outputs).children {
            guard let rows = child.value as? any RowsReflecting,
                ObjectIdentifier(type(of: rows).reflectedRowType) == ObjectIdentifier(rowType)
            else { continue }
            let property = child.label ?? "rows"
            if rows.reflectedIDs.contains(id) { return (property, true) }
            found = found ?? (property, false)
        }
        return found
    }
}
