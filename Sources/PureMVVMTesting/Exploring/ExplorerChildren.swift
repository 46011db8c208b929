internal import Foundation
public import PureMVVM

extension ContractExplorer {
    /// Follows the child ViewModels of a type that the explored ViewModel keeps for its rows (in a
    /// `ChildViewModels`): from the step that makes one, each gets a tester linked to the parent's (see
    /// `ViewModelTester.child(_:id:in:spy:shows:)`), held to its own contract after every step (one reload per input
    /// naming exactly what changed, none without a change), and `inputs` are sent to a child drawn from those the
    /// parent keeps then.
    ///
    /// ```swift
    /// explorer.children(
    ///     OrderRowViewModel.self, in: \.orders, spy: { ReloadSpy() },
    ///     inputs: [.call { $0.cancelButtonDidTap() }]
    /// ) { outputs, row in
    ///     outputs.row = row
    /// }
    /// ```
    ///
    /// A child exists once something makes it, as a view asks for a row's child when it shows the row: give the
    /// parent an input that does (`.call(with: .int(in: 0...19)) { _ = $0.rowViewModel(at: $1) }`). The printed test
    /// makes each child's tester where the explorer did, as `let child1 = try tester.child(…)`.
    ///
    /// - Parameters:
    ///   - type: The child ViewModel's type.
    ///   - rows: Where the rows are in the explored ViewModel's outputs.
    ///   - spy: Makes the spy standing in for a child's view, set as its delegate.
    ///   - inputs: What a sequence can do to a child, each as likely as the explored ViewModel's inputs.
    ///   - fileID: Where the children are followed; read to print their testers in the test.
    ///   - filePath: Where the children are followed.
    ///   - line: Where the children are followed.
    ///   - column: Where the children are followed.
    ///   - shows: How a child shows its row in its outputs.
    public func children<Child: ViewModel, ChildSpy: DelegateSpy, Row: Identifiable & Equatable & Sendable>(
        _ type: Child.Type,
        in rows: WritableKeyPath<Outputs, Rows<Row>>,
        spy: @escaping @MainActor () -> ChildSpy,
        inputs: [ExplorerInput<Child>] = [],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        shows: @escaping (inout Child.Outputs, Row) -> Void
    ) where ChildSpy.Outputs == Child.Outputs, Row.ID: Sendable {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let kind = childKinds.count
        childKinds.append(
            ChildKind(
                code: ChildKindCode(location: location, typeName: "\(Child.self)"),
                attach: { (parent: ViewModelTester<Model, Spy>, known: Set<AnyHashable>, stepName) in
                    var attached: [AttachedChild] = []
                    for row in parent.viewModel.outputs[keyPath: rows] where !known.contains(AnyHashable(row.id)) {
                        guard
                            let tester = try? parent.child(
                                Child.self, id: row.id, in: rows, spy: spy(), fileID: fileID, filePath: filePath,
                                line: line, column: column, shows: shows)
                        else { continue }
                        tester.strictness = .partial
                        tester.stepName = stepName
                        attached.append(
                            AttachedChild(id: AnyHashable(row.id), idCode: String(reflecting: row.id)) {
                                tester
                            })
                    }
                    return attached
                }))
        for input in inputs {
            childInputs.append(
                ChildInput(kind: kind, action: input.action, code: input.code) {
                    (tester: ViewModelTester<Child, ChildSpy>, label, argument, location) in
                    tester.send(
                        named: label, { _ = input.perform($0, argument) }, outputs: { _ in }, at: location)
                })
        }
    }
}

/// A kind of child the explorer follows: how to find and attach new ones, and how the printed test makes their
/// testers.
struct ChildKind {
    let code: ChildKindCode
    /// Attaches a tester to each child the parent keeps for a row not attached yet, in the order of its rows;
    /// each names the explorer's steps as the parent's tester does.
    let attach:
        @MainActor (_ parent: AnyObject, _ known: Set<AnyHashable>, _ stepName: @escaping (Int) -> String) ->
            [AttachedChild]

    init<Model: ViewModel, Spy: DelegateSpy>(
        code: ChildKindCode,
        attach:
            @escaping @MainActor (ViewModelTester<Model, Spy>, Set<AnyHashable>, @escaping (Int) -> String) ->
            [AttachedChild]
    ) where Spy.Outputs == Model.Outputs {
        self.code = code
        self.attach = { parent, known, stepName in
            guard let parent = parent as? ViewModelTester<Model, Spy> else { return [] }
            return attach(parent, known, stepName)
        }
    }
}

/// A child whose tester the explorer keeps during a sequence.
struct AttachedChild {
    /// Its row's ID.
    let id: AnyHashable
    /// Its row's ID as Swift, for the printed test.
    let idCode: String
    /// Its tester (a `ViewModelTester` of the child's type).
    let tester: @MainActor () -> any ArrivedReloadsReceiving
}

/// An input to a child: which kind of child, the input as the explorer draws it, and how to send it through a
/// child's tester.
struct ChildInput {
    let kind: Int
    let action: ExplorerAction
    let code: StepCode
    /// Sends the input through a child's tester.
    let send: @MainActor (_ tester: AnyObject, InputLabel, Any?, FailureLocation) -> Void

    init<Child: ViewModel, ChildSpy: DelegateSpy>(
        kind: Int, action: ExplorerAction, code: StepCode,
        send: @escaping @MainActor (ViewModelTester<Child, ChildSpy>, InputLabel, Any?, FailureLocation) -> Void
    ) where ChildSpy.Outputs == Child.Outputs {
        self.kind = kind
        self.action = action
        self.code = code
        self.send = { tester, label, argument, location in
            // The explorer sends an input only to the children of its own kind, whose testers are of these types.
            guard let tester = tester as? ViewModelTester<Child, ChildSpy> else {
                preconditionFailure(
                    "ContractExplorer sent an input for \(Child.self) to a \(type(of: tester)): a bug in "
                        + "PureMVVMTesting; please report it (see CONTRIBUTING.md)")
            }
            send(tester, label, argument, location)
        }
    }
}

/// How the printed test makes a child's tester, read from where the explorer was told to follow the children.
struct ChildKindCode {
    let location: FailureLocation
    let typeName: String

    /// `try tester.child(OrderRowViewModel.self, id: 3, in: \.orders, spy: { ReloadSpy() }()) { … }`, from the
    /// arguments as written; `nil` when they cannot be read.
    @MainActor
    func makeTester(id: String) -> String? {
        let arguments = SourceFile.at("\(location.filePath)").callArguments(
            line: Int(location.line), column: Int(location.column))
        func labelled(_ label: String) -> String? {
            arguments.first { $0.hasPrefix(label + ":") }.map {
                String($0.dropFirst(label.count + 1)).trimmingCharacters(in: .whitespaces)
            }
        }
        guard let type = arguments.first, let rows = labelled("in"), let spy = labelled("spy"),
            let shows = arguments.last, shows.hasPrefix("{")
        else { return nil }
        return "try tester.child(\(type), id: \(id), in: \(rows), spy: \(spy)()) \(shows)"
    }
}

/// A tester whose arrived reloads the explorer receives without knowing its types: a child's.
@MainActor
protocol ArrivedReloadsReceiving: AnyObject {
    /// Receives each reload that has arrived; returns how many.
    func receiveArrivedReloads(at location: FailureLocation) async -> Int
}

extension ViewModelTester: ArrivedReloadsReceiving {}
