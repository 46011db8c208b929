internal import Foundation
public import PureMVVM

/// One thing a ``ContractExplorer`` can do in a sequence: call an input method of the ViewModel (`.call { … }`),
/// send an input with code of the test's own, such as an Input/Output ViewModel's event handler (`.send`), each
/// with or without an argument, or take a step of the test's own between inputs, such as a fake dependency
/// answering (`.step { … }`). Calls and sends are checked as `ViewModelTester.send` checks an input; what a
/// step causes is checked as asynchronous work.
///
/// The explorer prints a failing sequence as a test to paste, with each input's code read from the closure you
/// wrote, its argument in the place of `$1` (or of the closure's second parameter):
///
/// ```swift
/// .call(with: .optionalText(around: [6, 32])) { $0.usernameDidChange($1) }
/// .call { $0.login() }
/// .step { authenticator.calls.respond(with: User(name: "dimsky")) }
/// ```
///
/// The printed code is the code that ran, so it cannot drift from the closure. The forms that also take the
/// code as a string (`.call("login()") { $0.login() }`, `.send("self.events.login?()") { … }`,
/// `.step("…") { … }`) print the closure too when the test's source can be read, and the string only when it
/// cannot (a test built without its sources next to it) or when the closure names what a new test method cannot
/// see: a parameter or a local of the function that makes the input, such as the fake a shared helper of rules is
/// handed (`.step("catalogue.searches.fail(with: .serverUnreachable)") { catalogue().searches.fail(…) }`).
///
/// A step whose closure returns `Bool` says whether it did anything, as `PendingCalls.respond(with:)` and
/// `fail(with:)` do: after a step that answered no call the explorer checks at once, without giving the main actor
/// the turns it gives a step that resumed some work.
@MainActor
public struct ExplorerInput<Model: ViewModel> {
    typealias Kind = ExplorerInputKind

    let kind: Kind
    let choose: ((inout SplitMix64) -> ArgumentChoice<Any>)?
    /// Takes the input; returns whether it did anything (a step that answered no pending call did not).
    let perform: @MainActor (Model, Any?) -> Bool
    /// For a step of the test's that awaits (a clock's `advance(by:)`), the step itself; `perform` is then not used.
    var performAsync: (@MainActor () async -> Bool)?
    /// How the printed test and failures write it.
    let code: StepCode

    // MARK: Inputs of the ViewModel

    /// An input method without an argument, as the closure calls it: `.call { $0.login() }`.
    ///
    /// - Parameters:
    ///   - fileID: Where the input is written; its closure is read from there for the printed test.
    ///   - filePath: Where the input is written.
    ///   - line: Where the input is written.
    ///   - column: Where the input is written.
    ///   - send: Calls it: `{ $0.login() }`.
    /// - Returns: The input.
    public static func call(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, _ send: @escaping @MainActor (Model) -> Void
    ) -> Self {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return Self(
            kind: .call, choose: nil,
            perform: { model, _ in
                send(model)
                return true
            },
            code: StepCode(kind: .call, location: location) { _ in "$0.<the input at \(fileID):\(line)>()" })
    }

    /// An input method with an argument drawn from `argument` for each call:
    /// `.call(with: .optionalText(around: [6, 32])) { $0.usernameDidChange($1) }`.
    ///
    /// - Parameters:
    ///   - argument: Where the argument comes from, such as ``InputArgument/optionalText(around:including:)``.
    ///   - fileID: Where the input is written; its closure is read from there for the printed test.
    ///   - filePath: Where the input is written.
    ///   - line: Where the input is written.
    ///   - column: Where the input is written.
    ///   - send: Calls the method with the drawn argument: `{ $0.usernameDidChange($1) }`.
    /// - Returns: The input.
    public static func call<Argument>(
        with argument: InputArgument<Argument>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, _ send: @escaping @MainActor (Model, Argument) -> Void
    ) -> Self {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return Self(
            kind: .call, choose: choose(argument), perform: perform(send),
            code: StepCode(kind: .call, location: location) {
                "$0.<the input at \(fileID):\(line)>(\($0 ?? "nil"))"
            })
    }

    /// An input method without an argument, also named as a string for a test whose source cannot be read.
    ///
    /// - Parameters:
    ///   - method: The method's name, as in `"login()"` or `"login"`.
    ///   - fileID: Where the input is written; its closure is read from there for the printed test.
    ///   - filePath: Where the input is written.
    ///   - line: Where the input is written.
    ///   - column: Where the input is written.
    ///   - send: Calls it: `{ $0.login() }`.
    /// - Returns: The input.
    public static func call(
        _ method: String,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, _ send: @escaping @MainActor (Model) -> Void
    ) -> Self {
        let name = MethodName(method)
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return Self(
            kind: .call, choose: nil,
            perform: { model, _ in
                send(model)
                return true
            },
            code: StepCode(kind: .call, location: location, isWritten: true) { _ in "$0." + name.call(with: nil) })
    }

    /// An input method with an argument drawn from `argument` for each call, also named as a string for a test
    /// whose source cannot be read.
    ///
    /// - Parameters:
    ///   - method: The method's name with its argument label, as in `"usernameDidChange(_:)"` or
    ///     `"menuCellDidSelect(at:)"`.
    ///   - argument: Where the argument comes from, such as ``InputArgument/optionalText(around:including:)``.
    ///   - fileID: Where the input is written; its closure is read from there for the printed test.
    ///   - filePath: Where the input is written.
    ///   - line: Where the input is written.
    ///   - column: Where the input is written.
    ///   - send: Calls the method with the drawn argument: `{ $0.usernameDidChange($1) }`.
    /// - Returns: The input.
    public static func call<Argument>(
        _ method: String, with argument: InputArgument<Argument>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, _ send: @escaping @MainActor (Model, Argument) -> Void
    ) -> Self {
        let name = MethodName(method)
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return Self(
            kind: .call, choose: choose(argument), perform: perform(send),
            code: StepCode(kind: .call, location: location, isWritten: true) {
                "$0." + name.call(with: $0)
            })
    }

    /// An input sent with code of the test's own, such as an Input/Output ViewModel's event handler, without an
    /// argument.
    ///
    /// - Parameters:
    ///   - code: The closure's body as the printed test writes it when the source cannot be read, with `$0` for
    ///     the ViewModel if it needs it: `"self.events.login?()"`.
    ///   - fileID: Where the input is written; its closure is read from there for the printed test.
    ///   - filePath: Where the input is written.
    ///   - line: Where the input is written.
    ///   - column: Where the input is written.
    ///   - send: Sends it.
    /// - Returns: The input.
    public static func send(
        _ code: String,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, _ send: @escaping @MainActor (Model) -> Void
    ) -> Self {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return Self(
            kind: .call, choose: nil,
            perform: { model, _ in
                send(model)
                return true
            },
            code: StepCode(kind: .call, location: location, isWritten: true) { _ in code })
    }

    /// An input sent with code of the test's own, with an argument drawn from `argument` for each call.
    ///
    /// - Parameters:
    ///   - code: The closure's body as the printed test writes it when the source cannot be read, with `$1`
    ///     where the argument goes: `"self.events.username?($1)"`.
    ///   - argument: Where the argument comes from.
    ///   - fileID: Where the input is written; its closure is read from there for the printed test.
    ///   - filePath: Where the input is written.
    ///   - line: Where the input is written.
    ///   - column: Where the input is written.
    ///   - send: Sends it with the drawn argument: `{ _, text in self.events.username?(text) }`.
    /// - Returns: The input.
    public static func send<Argument>(
        _ code: String, with argument: InputArgument<Argument>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, _ send: @escaping @MainActor (Model, Argument) -> Void
    ) -> Self {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return Self(
            kind: .call, choose: choose(argument), perform: perform(send),
            code: StepCode(kind: .call, location: location, isWritten: true) {
                code.replacingOccurrences(of: "$1", with: $0 ?? "nil")
            })
    }

    // MARK: Steps of the test's own

    /// A step of the test's own between inputs, such as a fake dependency answering a pending call:
    /// `.step { authenticator.calls.respond(with: user) }`.
    ///
    /// - Parameters:
    ///   - fileID: Where the step is written; its closure is read from there for the printed test.
    ///   - filePath: Where the step is written.
    ///   - line: Where the step is written.
    ///   - column: Where the step is written.
    ///   - perform: Takes the step.
    /// - Returns: The input.
    public static func step(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, _ perform: @escaping @MainActor () -> Void
    ) -> Self {
        step(nil, at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
            perform()
            return true
        }
    }

    /// A step of the test's own that says whether it did anything, such as
    /// `.step { authenticator.calls.respond(with: user) }`, whose `respond(with:)` returns `false` when no call
    /// was waiting: the explorer then checks at once, without giving the main actor turns to finish work.
    ///
    /// - Parameters:
    ///   - fileID: Where the step is written; its closure is read from there for the printed test.
    ///   - filePath: Where the step is written.
    ///   - line: Where the step is written.
    ///   - column: Where the step is written.
    ///   - perform: Takes the step; returns whether it did anything.
    /// - Returns: The input.
    public static func step(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, _ perform: @escaping @MainActor () -> Bool
    ) -> Self {
        step(nil, at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column), perform)
    }

    /// A step of the test's own, also written as a string for a test whose source cannot be read.
    ///
    /// - Parameters:
    ///   - code: The step as Swift code: `"authenticator.calls.respond(with: user)"`.
    ///   - fileID: Where the step is written; its closure is read from there for the printed test.
    ///   - filePath: Where the step is written.
    ///   - line: Where the step is written.
    ///   - column: Where the step is written.
    ///   - perform: Takes the step.
    /// - Returns: The input.
    public static func step(
        _ code: String,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, _ perform: @escaping @MainActor () -> Void
    ) -> Self {
        step(code, at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
            perform()
            return true
        }
    }

    /// A step of the test's own that says whether it did anything (a closure returning `Bool`, such as
    /// `PendingCalls.respond(with:)`), also written as a string for a test whose source cannot be read.
    ///
    /// - Parameters:
    ///   - code: The step as Swift code: `"authenticator.calls.respond(with: user)"`.
    ///   - fileID: Where the step is written; its closure is read from there for the printed test.
    ///   - filePath: Where the step is written.
    ///   - line: Where the step is written.
    ///   - column: Where the step is written.
    ///   - perform: Takes the step; returns whether it did anything.
    /// - Returns: The input.
    public static func step(
        _ code: String,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, _ perform: @escaping @MainActor () -> Bool
    ) -> Self {
        step(code, at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column), perform)
    }

    /// A step of the test's own that awaits, such as moving a manual clock:
    /// `.step { await clock.advance(by: .milliseconds(300)) }`.
    ///
    /// - Parameters:
    ///   - fileID: Where the step is written; its closure is read from there for the printed test.
    ///   - filePath: Where the step is written.
    ///   - line: Where the step is written.
    ///   - column: Where the step is written.
    ///   - perform: Takes the step.
    /// - Returns: The input.
    public static func step(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, _ perform: @escaping @MainActor () async -> Void
    ) -> Self {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        var input = step(nil, at: location) { true }
        input.performAsync = {
            await perform()
            return true
        }
        return input
    }

    private static func step(
        _ code: String?, at location: FailureLocation, _ perform: @escaping @MainActor () -> Bool
    ) -> Self {
        Self(
            kind: .step, choose: nil, perform: { _, _ in perform() },
            code: StepCode(kind: .step, location: location, isWritten: code != nil) { _ in
                code ?? "// the step at \(location.fileID):\(location.line)"
            })
    }

    private static func perform<Argument>(
        _ send: @escaping @MainActor (Model, Argument) -> Void
    ) -> @MainActor (Model, Any?) -> Bool {
        { model, value in
            // The explorer hands each input only the arguments its own `InputArgument` drew.
            guard let value = value as? Argument else {
                preconditionFailure(
                    "ContractExplorer drew \(String(describing: value)) for an input that takes \(Argument.self): "
                        + "a bug in PureMVVMTesting; please report it (see CONTRIBUTING.md)")
            }
            send(model, value)
            return true
        }
    }
}

/// Whether an explorer input is an input of the ViewModel (sent with `ViewModelTester.send`) or a step of the test's.
/// Not nested in the generic ``ExplorerInput``, so that comparing one looks up no generic metadata.
enum ExplorerInputKind {
    case call
    case step
}

/// What a ``ContractExplorer`` step needs of an input, with the ViewModel's type erased once, when the explorer is
/// made: an array of these is read at every step without a generic-metadata look-up.
struct ExplorerAction {
    let kind: ExplorerInputKind
    let choose: ((inout SplitMix64) -> ArgumentChoice<Any>)?
    let perform: @MainActor (AnyObject, Any?) -> Bool
    /// For a step that awaits: the step itself.
    let performAsync: (@MainActor () async -> Bool)?
}

extension ExplorerInput {
    /// The input as the explorer's steps read it.
    var action: ExplorerAction {
        let perform = perform
        return ExplorerAction(
            kind: kind, choose: choose,
            perform: { viewModel, argument in perform(unsafeDowncast(viewModel, to: Model.self), argument) },
            performAsync: performAsync)
    }

    /// Draws an argument's values as `Any`, with the argument's source erased once, here, rather than per value.
    fileprivate static func choose<Argument>(
        _ argument: InputArgument<Argument>
    ) -> (inout SplitMix64) -> ArgumentChoice<Any> {
        let source = argument.source.erased
        return { random in
            let (position, value) = argument.draw(&random)
            return ArgumentChoice(value: value, position: position, source: source)
        }
    }
}

/// A method's name such as `menuCellDidSelect(at:)`, to write a call to it.
struct MethodName {
    let base: String
    let label: String?

    init(_ name: String) {
        guard let open = name.firstIndex(of: "(") else {
            base = name
            label = nil
            return
        }
        base = String(name[..<open])
        let inside = name[name.index(after: open)...].prefix { $0 != ")" }
        let first = inside.split(separator: ":", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        label = first.isEmpty || first == "_" ? nil : first
    }

    /// `base()`, `base(argument)` or `base(label: argument)`.
    func call(with argument: String?) -> String {
        guard let argument else { return "\(base)()" }
        return "\(base)(\(label.map { "\($0): " } ?? "")\(argument))"
    }
}
