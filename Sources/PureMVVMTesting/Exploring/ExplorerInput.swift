internal import Foundation
public import PureMVVM

/// One thing a ``ContractExplorer`` can do in a sequence: call an input method of the ViewModel (``call(_:_:)``),
/// send an input with code of the test's own, such as an Input/Output ViewModel's event handler (``send(_:_:)``),
/// each with or without an argument, or take a step of the test's own between inputs, such as a fake dependency
/// answering (``step(_:_:)``). Calls and sends are checked as `ViewModelTester.send` checks an input; what a step
/// causes is checked as asynchronous work.
///
/// The name is written as Swift code, so the explorer can print a failing sequence as a test you paste:
///
/// ```swift
/// .call("usernameDidChange(_:)", with: .optionalText(around: [6, 32])) { $0.usernameDidChange($1) }
/// .call("login()") { $0.login() }
/// .step("authenticator.calls.respond(with: User(name: \"dimsky\"))") {
///     authenticator.calls.respond(with: User(name: "dimsky"))
/// }
/// ```
@MainActor
public struct ExplorerInput<Model: ViewModel> {
    /// Whether this is an input of the ViewModel (sent with `ViewModelTester.send`) or a step of the test's.
    enum Kind {
        case call
        case step
    }

    let kind: Kind
    let choose: ((inout SplitMix64) -> ArgumentChoice<Any>)?
    let perform: @MainActor (Model, Any?) -> Void
    let render: (String?) -> String

    /// An input method without an argument.
    ///
    /// - Parameters:
    ///   - method: The method's name, as in `"login()"` or `"login"`.
    ///   - send: Calls it: `{ $0.login() }`.
    /// - Returns: The input.
    public static func call(_ method: String, _ send: @escaping @MainActor (Model) -> Void) -> Self {
        let name = MethodName(method)
        return Self(
            kind: .call, choose: nil, perform: { model, _ in send(model) },
            render: { _ in "$0." + name.call(with: nil) })
    }

    /// An input method with an argument drawn from `argument` for each call.
    ///
    /// - Parameters:
    ///   - method: The method's name with its argument label, as in `"usernameDidChange(_:)"` or
    ///     `"menuCellDidSelect(at:)"`.
    ///   - argument: Where the argument comes from, such as ``InputArgument/optionalText(around:including:)``.
    ///   - send: Calls the method with the drawn argument: `{ $0.usernameDidChange($1) }`.
    /// - Returns: The input.
    public static func call<Argument>(
        _ method: String, with argument: InputArgument<Argument>,
        _ send: @escaping @MainActor (Model, Argument) -> Void
    ) -> Self {
        let name = MethodName(method)
        return Self(
            kind: .call,
            choose: Self.choose(argument),
            perform: { model, value in
                guard let value = value as? Argument else { return }
                send(model, value)
            },
            render: { "$0." + name.call(with: $0) }
        )
    }

    /// An input sent with code of the test's own, such as an Input/Output ViewModel's event handler, without an
    /// argument.
    ///
    /// - Parameters:
    ///   - code: The closure's body as the printed test writes it, with `$0` for the ViewModel if it needs it:
    ///     `"self.events.login?()"`.
    ///   - send: Sends it.
    /// - Returns: The input.
    public static func send(_ code: String, _ send: @escaping @MainActor (Model) -> Void) -> Self {
        Self(kind: .call, choose: nil, perform: { model, _ in send(model) }, render: { _ in code })
    }

    /// An input sent with code of the test's own, with an argument drawn from `argument` for each call.
    ///
    /// - Parameters:
    ///   - code: The closure's body as the printed test writes it, with `$1` where the argument goes:
    ///     `"self.events.username?($1)"`.
    ///   - argument: Where the argument comes from.
    ///   - send: Sends it with the drawn argument: `{ _, text in self.events.username?(text) }`.
    /// - Returns: The input.
    public static func send<Argument>(
        _ code: String, with argument: InputArgument<Argument>,
        _ send: @escaping @MainActor (Model, Argument) -> Void
    ) -> Self {
        Self(
            kind: .call,
            choose: Self.choose(argument),
            perform: { model, value in
                guard let value = value as? Argument else { return }
                send(model, value)
            },
            render: { code.replacingOccurrences(of: "$1", with: $0 ?? "nil") }
        )
    }

    /// A step of the test's own between inputs, such as a fake dependency answering a pending call.
    ///
    /// - Parameters:
    ///   - code: The step as Swift code, for the printed test: `"authenticator.calls.respond(with: user)"`.
    ///   - perform: Takes the step.
    /// - Returns: The input.
    public static func step(_ code: String, _ perform: @escaping @MainActor () -> Void) -> Self {
        Self(kind: .step, choose: nil, perform: { _, _ in perform() }, render: { _ in code })
    }
}

extension ExplorerInput {
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
