public import PureMVVM

extension ViewModelTester {
    /// A tester for the child ViewModel this one's ViewModel keeps for a row, linked to this tester by the row both
    /// show, so that a change is asserted once.
    ///
    /// A parent that keeps one child ViewModel per row (`ChildViewModels`) shows each row in its rows, and the child
    /// shows the same row in its own outputs. Linked, the two testers share it:
    /// - an expectation on the parent's row carries over to the child, and the child's reload that shows that row
    ///   and nothing else is taken as asserted;
    /// - after an expectation on the child, the parent's reload that changes that row, and nothing else, to a row the
    ///   child's outputs show as they are, is taken as asserted.
    /// The rest of each side's outputs is asserted as usual, and either side's reload that changes more waits for
    /// the test.
    ///
    /// ```swift
    /// let order3 = try orders.child(
    ///     OrderRowViewModel.self, id: 3, in: \.orders, spy: OrderRowSpy()
    /// ) { outputs, row in
    ///     outputs.row = row
    /// }
    /// order3.send({ $0.cancelButtonDidTap() }) { $0.isCancelling = true }
    /// _ = try await fake.cancels.next()
    /// fake.cancels.respond(with: ())
    /// // Written once: the orders list's reload of row 3 is taken as asserted.
    /// await order3.receiveReload {
    ///     $0.isCancelling = false
    ///     $0.row.status = .cancelled
    /// }
    /// ```
    ///
    /// The child is found in the `ChildViewModels` the ViewModel keeps in a stored property, as the leak tracker
    /// finds it; the spy becomes its delegate. A child made later (a row that arrives later) needs its own call once
    /// it exists.
    ///
    /// - Parameters:
    ///   - type: The child ViewModel's type.
    ///   - id: The row's ID.
    ///   - rows: Where the rows are in this tester's outputs.
    ///   - spy: The spy standing in for the child's view, set as its delegate.
    ///   - fileID: Where the child tester is made; its end-of-test failures point here.
    ///   - filePath: Where the child tester is made.
    ///   - line: Where the child tester is made.
    ///   - column: Where the child tester is made.
    ///   - shows: How the child shows its row in its outputs, as the child does when the parent hands it a new row.
    /// - Returns: The child's tester.
    /// - Throws: ``ChildViewModelNotFound`` when the ViewModel keeps no child of that type for that row.
    public func child<ChildModel: ViewModel, ChildSpy: DelegateSpy, Row: Identifiable & Equatable & Sendable>(
        _ type: ChildModel.Type,
        id: Row.ID,
        in rows: WritableKeyPath<Outputs, Rows<Row>>,
        spy: ChildSpy,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        shows: @escaping (inout ChildModel.Outputs, Row) -> Void
    ) throws(ChildViewModelNotFound) -> ViewModelTester<ChildModel, ChildSpy>
    where ChildSpy.Outputs == ChildModel.Outputs, Row.ID: Sendable {
        let keepers = KeeperSearch.keepers(in: viewModel).compactMap { $0.keeper as? ChildViewModels<Row, ChildModel> }
        guard let found = keepers.lazy.compactMap({ $0[id: id] }).first else {
            throw ChildViewModelNotFound(
                parent: "\(Model.self)", child: "\(ChildModel.self)", id: String(reflecting: id),
                keepers: keepers.count)
        }
        let child = ViewModelTester<ChildModel, ChildSpy>(
            found, spy: spy, fileID: fileID, filePath: filePath, line: line, column: column)
        // The child's work is judged with this tester's, as one screen's (see TesterGroup).
        child.workScope.link(below: workScope, role: "sent to the \(ChildModel.self) of row \(String(reflecting: id))")
        let link = RowLink(parent: self, child: child, id: id, rows: rows, shows: shows)
        links.append(link)
        child.links.append(link)
        return child
    }

    /// ``child(_:id:in:spy:fileID:filePath:line:column:shows:)`` for a child that shows its row whole, in one
    /// output.
    ///
    /// - Parameters:
    ///   - type: The child ViewModel's type.
    ///   - id: The row's ID.
    ///   - rows: Where the rows are in this tester's outputs.
    ///   - row: The child's output that shows its row.
    ///   - spy: The spy standing in for the child's view, set as its delegate.
    ///   - fileID: Where the child tester is made; its end-of-test failures point here.
    ///   - filePath: Where the child tester is made.
    ///   - line: Where the child tester is made.
    ///   - column: Where the child tester is made.
    /// - Returns: The child's tester.
    /// - Throws: ``ChildViewModelNotFound`` when the ViewModel keeps no child of that type for that row.
    public func child<ChildModel: ViewModel, ChildSpy: DelegateSpy, Row: Identifiable & Equatable & Sendable>(
        _ type: ChildModel.Type,
        id: Row.ID,
        in rows: WritableKeyPath<Outputs, Rows<Row>>,
        row: WritableKeyPath<ChildModel.Outputs, Row>,
        spy: ChildSpy,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) throws(ChildViewModelNotFound) -> ViewModelTester<ChildModel, ChildSpy>
    where ChildSpy.Outputs == ChildModel.Outputs, Row.ID: Sendable {
        try child(
            type, id: id, in: rows, spy: spy, fileID: fileID, filePath: filePath, line: line, column: column
        ) { outputs, shown in
            outputs[keyPath: row] = shown
        }
    }

    /// After this tester checked its outputs: the testers linked to it take the row they share, and the reloads
    /// that changed nothing else are taken as asserted.
    func shareRows(at location: FailureLocation) {
        for link in links { link.share(from: self, at: location) }
    }

    /// Before this tester's end: takes the rows it shares from the testers linked to it, and the reloads that
    /// changed nothing else as asserted.
    func absorbSharedReloads(at location: FailureLocation) {
        for link in links { link.share(into: self, at: location) }
    }

    /// The calls that arrived and wait for the test, once the recorder's new ones are among them.
    func collectedCalls() -> [RecordedCall<Outputs, Event>] {
        pending.append(contentsOf: collect())
        return pending
    }

    /// Takes as asserted, in order, the reloads that arrived and show exactly the outputs expected now (each checked
    /// against the contract), stopping at the first call that is anything else.
    func absorbReloads(at location: FailureLocation) {
        pending.append(contentsOf: collect())
        while case .reload(let names, let outputs, let own)? = pending.first {
            let matches =
                followsRows ? contract.layout.changes(from: expected, to: outputs).isEmpty : expected == outputs
            guard matches else { return }
            checkContract(
                [.init(names, outputs: outputs, viewModelOutputs: own)], from: lastSeen, to: outputs,
                event: { "A reload that showed the row shared with a linked tester" }, at: location)
            pending.removeFirst()
        }
    }
}

/// Two testers linked by a row they both show: see `ViewModelTester.child(_:id:in:row:spy:…)`.
@MainActor
protocol TesterLink: AnyObject {
    /// The tester `source` checked its outputs: the other side takes the shared row from it.
    func share(from source: AnyObject, at location: FailureLocation)
    /// Before `target`'s end: it takes the shared row from the other side.
    func share(into target: AnyObject, at location: FailureLocation)
    /// The tester `source` settled: when it is the parent, the child is checked as settled too.
    func settled(from source: AnyObject, at location: FailureLocation)
}

/// A parent's tester and a child's, sharing the row of one ID.
@MainActor
final class RowLink<
    ParentModel: ViewModel, ParentSpy: DelegateSpy, ChildModel: ViewModel, ChildSpy: DelegateSpy,
    Row: Identifiable & Equatable & Sendable
>: TesterLink
where ParentSpy.Outputs == ParentModel.Outputs, ChildSpy.Outputs == ChildModel.Outputs, Row.ID: Sendable {
    private weak var parent: ViewModelTester<ParentModel, ParentSpy>?
    private weak var child: ViewModelTester<ChildModel, ChildSpy>?
    private let id: Row.ID
    private let rows: WritableKeyPath<ParentModel.Outputs, Rows<Row>>
    private let shows: (inout ChildModel.Outputs, Row) -> Void
    /// Whether the end of one of the two testers compared the row both show: once is enough.
    private var hasCheckedAgreement = false

    init(
        parent: ViewModelTester<ParentModel, ParentSpy>, child: ViewModelTester<ChildModel, ChildSpy>, id: Row.ID,
        rows: WritableKeyPath<ParentModel.Outputs, Rows<Row>>,
        shows: @escaping (inout ChildModel.Outputs, Row) -> Void
    ) {
        self.parent = parent
        self.child = child
        self.id = id
        self.rows = rows
        self.shows = shows
    }

    func share(from source: AnyObject, at location: FailureLocation) {
        guard let parent, let child else { return }
        if source === parent {
            pushParentRow(to: child, from: parent, at: location)
        } else if source === child {
            takeParentReloads(of: parent, showing: child, at: location)
        }
    }

    func settled(from source: AnyObject, at location: FailureLocation) {
        guard let parent, source === parent, let child else { return }
        child.checkSettled(at: location)
    }

    func share(into target: AnyObject, at location: FailureLocation) {
        // The tester that ends is in its deinit, where a weak reference to it is already nil: it is `target`.
        if let parent = target as? ViewModelTester<ParentModel, ParentSpy>, let child {
            takeParentReloads(of: parent, showing: child, at: location)
            checkAgreement(of: parent, and: child, at: location)
        } else if let child = target as? ViewModelTester<ChildModel, ChildSpy>, let parent {
            pushParentRow(to: child, from: parent, at: location)
            checkAgreement(of: parent, and: child, at: location)
        }
    }

    /// At an end: the parent's row and the child's outputs show the same row, as they are now.
    private func checkAgreement(
        of parent: ViewModelTester<ParentModel, ParentSpy>, and child: ViewModelTester<ChildModel, ChildSpy>,
        at location: FailureLocation
    ) {
        guard !hasCheckedAgreement else { return }
        hasCheckedAgreement = true
        let childOutputs = child.viewModel.outputs
        guard let row = parent.viewModel.outputs[keyPath: rows][id: id] else { return }
        var shown = childOutputs
        shows(&shown, row)
        guard shown != childOutputs else { return }
        let diff = StructuralDiff.render(expected: shown, actual: childOutputs) ?? "\(childOutputs)"
        FailureReporter.fail(
            """
            \(ParentModel.self)'s row with ID \(String(reflecting: id)) and its \(ChildModel.self) show different \
            things:
            \(diff)
            (−: the row as the child would show it, +: the child's outputs)
            To fix: when one side changes the row, tell the other (the parent hands its child the new row through \
            ChildViewModels; the child reports its change to the parent).
            """,
            at: location)
    }

    /// The child expects to show the parent's row as the parent's expectation has it.
    private func pushParentRow(
        to child: ViewModelTester<ChildModel, ChildSpy>, from parent: ViewModelTester<ParentModel, ParentSpy>,
        at location: FailureLocation
    ) {
        // Copied out and stored back, never changed in place from here: an `inout` access to the testers' state
        // from another type would make every access to it a run-time exclusivity check.
        guard let shared = parent.expected[keyPath: rows][id: id] else { return }
        var shown = child.expected
        shows(&shown, shared)
        child.expected = shown
        child.absorbReloads(at: location)
    }

    /// The parent's reloads that change the shared row, and nothing else, to a row the child's expected outputs
    /// show as they are, are taken as asserted.
    private func takeParentReloads(
        of parent: ViewModelTester<ParentModel, ParentSpy>, showing child: ViewModelTester<ChildModel, ChildSpy>,
        at location: FailureLocation
    ) {
        while true {
            guard case .reload(_, let outputs, _)? = parent.collectedCalls().first,
                let row = outputs[keyPath: rows][id: id], parent.expected[keyPath: rows].contains(id: id)
            else { break }
            var shown = child.expected
            shows(&shown, row)
            guard shown == child.expected else { break }
            var expected = parent.expected
            _ = expected[keyPath: rows].update(row)
            parent.expected = expected
            let waiting = parent.collectedCalls().count
            parent.absorbReloads(at: location)
            if parent.collectedCalls().count == waiting { return }
        }
        parent.absorbReloads(at: location)
    }
}

/// The ViewModel keeps no child ViewModel of the type asked for the row asked, in any `ChildViewModels` it keeps in
/// a stored property.
public struct ChildViewModelNotFound: Error, CustomStringConvertible {
    /// The parent ViewModel's type.
    public let parent: String
    /// The child ViewModel's type asked for.
    public let child: String
    /// The row's ID.
    public let id: String
    /// How many `ChildViewModels` of that child type the parent keeps.
    public let keepers: Int

    /// What went wrong and how to fix it.
    public var description: String {
        keepers == 0
            ? "\(parent) keeps no ChildViewModels of \(child) in a stored property. To fix: keep the children in a "
                + "`ChildViewModels<Row, \(child)>` property of the ViewModel."
            : "\(parent) keeps no \(child) for the row with ID \(id) yet. To fix: make the child first, as its view "
                + "would (for example by showing the row), then ask for its tester."
    }
}

extension ViewModelTester {
    /// A tester for the screen this one's ViewModel pushed, settled with it: the next screen's ViewModel that a
    /// navigation handed over (see ``receive(_:timeout:fileID:filePath:line:column:)->_``).
    ///
    /// Linked, this tester's ``settle(timeout:fileID:filePath:line:column:)`` checks the pushed screen too: no output
    /// of it changed without a reload.
    ///
    /// ```swift
    /// let detail = try XCTUnwrap(await orders.receive {
    ///     if case .orderDetail(let viewModel) = $0 { viewModel } else { nil }
    /// })
    /// let detailTester = orders.pushedScreen(detail, spy: OrderDetailSpy())
    /// ```
    ///
    /// - Parameters:
    ///   - viewModel: The next screen's ViewModel.
    ///   - spy: The spy standing in for the next screen's view, set as its delegate.
    ///   - fileID: Where the tester is made; its end-of-test failures point here.
    ///   - filePath: Where the tester is made.
    ///   - line: Where the tester is made.
    ///   - column: Where the tester is made.
    /// - Returns: The next screen's tester.
    public func pushedScreen<Next: ViewModel, NextSpy: DelegateSpy>(
        _ viewModel: Next,
        spy: NextSpy,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> ViewModelTester<Next, NextSpy> where NextSpy.Outputs == Next.Outputs {
        let next = ViewModelTester<Next, NextSpy>(
            viewModel, spy: spy, fileID: fileID, filePath: filePath, line: line, column: column)
        next.workScope.link(below: workScope, role: "sent to the pushed \(Next.self)")
        links.append(ScreenLink(parent: self, next: next))
        return next
    }
}

/// A screen's tester and the tester of a screen it pushed: the first one's settle checks the second.
@MainActor
final class ScreenLink<ParentModel: ViewModel, ParentSpy: DelegateSpy, NextModel: ViewModel, NextSpy: DelegateSpy>:
    TesterLink
where ParentSpy.Outputs == ParentModel.Outputs, NextSpy.Outputs == NextModel.Outputs {
    private weak var parent: ViewModelTester<ParentModel, ParentSpy>?
    private weak var next: ViewModelTester<NextModel, NextSpy>?

    init(parent: ViewModelTester<ParentModel, ParentSpy>, next: ViewModelTester<NextModel, NextSpy>) {
        self.parent = parent
        self.next = next
    }

    func share(from source: AnyObject, at location: FailureLocation) {}

    func share(into target: AnyObject, at location: FailureLocation) {}

    func settled(from source: AnyObject, at location: FailureLocation) {
        guard let parent, source === parent, let next else { return }
        next.checkSettled(at: location)
    }
}
