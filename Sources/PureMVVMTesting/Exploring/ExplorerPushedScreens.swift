internal import Foundation
public import PureMVVM

extension ContractExplorer {
    /// Follows the screens the explored ViewModel pushes: when its spy records a navigation that hands over the next
    /// screen's ViewModel, that screen gets a tester (see `ViewModelTester.pushedScreen(_:spy:)`), held to its own
    /// contract after every step, and `inputs` reach it from then on, joining the sequence.
    ///
    /// ```swift
    /// explorer.pushedScreens(
    ///     OrderDetailViewModel.self,
    ///     from: {
    ///         if case .orderDetail(let next) = $0 { next } else { nil }
    ///     },
    ///     spy: { OrderDetailSpy() },
    ///     inputs: [
    ///         .call(with: .optionalText(around: [3, 200])) {
    ///             $0.noteDidChange($1)
    ///         },
    ///         .call { $0.saveButtonDidTap() },
    ///     ])
    /// ```
    ///
    /// The printed test receives the navigation where the explorer did, as
    /// `let screen1 = try XCTUnwrap(await tester.receive(…))`, and sends to `child1`, its tester.
    ///
    /// - Parameters:
    ///   - type: The next screen's ViewModel type.
    ///   - pushed: Takes the next screen's ViewModel from a delegate call the explored ViewModel's spy recorded;
    ///     `nil` for any other call. Called once for each call, as the printed test's `receive` calls it: it may
    ///     take the screen from a spy that holds it as a navigation stack does (`{ _ in spy.takeDetails() }`), so
    ///     that the screen lives as long as its tester.
    ///   - spy: Makes the spy standing in for the next screen's view, set as its delegate.
    ///   - inputs: What a sequence can do to a pushed screen, each as likely as the explored ViewModel's inputs.
    ///   - fileID: Where the pushed screens are followed; read to print their testers in the test.
    ///   - filePath: Where the pushed screens are followed.
    ///   - line: Where the pushed screens are followed.
    ///   - column: Where the pushed screens are followed.
    public func pushedScreens<Next: ViewModel, NextSpy: DelegateSpy>(
        _ type: Next.Type,
        from pushed: @escaping (Spy.Event) -> Next?,
        spy: @escaping @MainActor () -> NextSpy,
        inputs: [ExplorerInput<Next>],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where NextSpy.Outputs == Next.Outputs {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        // Pushed screens' kinds are negative, children's from 0: either may be registered first.
        let kind = -(pushKinds.count + 1)
        pushKinds.append(
            PushKind(
                code: PushKindCode(location: location, typeName: "\(Next.self)"),
                extract: { pushed($0) },
                attach: { (parent: ViewModelTester<Model, Spy>, next: AnyObject, stepName) in
                    let tester = parent.pushedScreen(
                        unsafeDowncast(next, to: Next.self), spy: spy(), fileID: fileID, filePath: filePath,
                        line: line, column: column)
                    tester.strictness = .partial
                    tester.stepName = stepName
                    return AttachedChild(id: AnyHashable(ObjectIdentifier(next)), idCode: "") { tester }
                }))
        for input in inputs {
            childInputs.append(
                ChildInput(kind: kind, action: input.action, code: input.code) {
                    (tester: ViewModelTester<Next, NextSpy>, label, argument, location) in
                    tester.send(named: label, { _ = input.perform($0, argument) }, outputs: { _ in }, at: location)
                })
        }
    }
}

/// A kind of pushed screen the explorer follows.
struct PushKind<Event> {
    let code: PushKindCode
    /// The next screen's ViewModel, from a delegate call of the explored ViewModel.
    let extract: (Event) -> AnyObject?
    /// Makes the pushed screen's tester, linked to the explored ViewModel's, and naming the explorer's steps.
    let attach:
        @MainActor (_ parent: AnyObject, _ next: AnyObject, _ stepName: @escaping (Int) -> String) -> AttachedChild

    init<Model: ViewModel, Spy: DelegateSpy>(
        code: PushKindCode, extract: @escaping (Event) -> AnyObject?,
        attach:
            @escaping @MainActor (ViewModelTester<Model, Spy>, AnyObject, @escaping (Int) -> String) -> AttachedChild
    ) where Spy.Outputs == Model.Outputs {
        self.code = code
        self.extract = extract
        self.attach = { parent, next, stepName in
            // The explorer's own tester, always of these types.
            attach(unsafeDowncast(parent, to: ViewModelTester<Model, Spy>.self), next, stepName)
        }
    }
}

/// How the printed test receives a pushed screen, read from where the explorer was told to follow it.
struct PushKindCode {
    let location: FailureLocation
    let typeName: String

    /// The `from:` closure as written.
    @MainActor
    func extract() -> String? { argument("from") }

    /// The `spy:` closure as written.
    @MainActor
    func spy() -> String? { argument("spy") }

    @MainActor
    private func argument(_ label: String) -> String? {
        SourceFile.at("\(location.filePath)").callArguments(line: Int(location.line), column: Int(location.column))
            .first { $0.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix(label + ":") }
            .map {
                let trimmed = $0.trimmingCharacters(in: .whitespacesAndNewlines)
                return String(trimmed.dropFirst(label.count + 1)).trimmingCharacters(in: .whitespacesAndNewlines)
            }
    }
}
