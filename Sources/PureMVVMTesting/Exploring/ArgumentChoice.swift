/// One value an explorer input drew for its argument, with how to write it in Swift and the simpler values to try
/// in its place when a failing sequence is shrunk.
///
/// Drawing a value makes nothing else: the code is written, and the simpler values listed, only when a failure
/// or a trace asks (writing a text as a Swift literal costs more than a step of the sequence).
struct ArgumentChoice<Value> {
    /// The value.
    let value: Value
    /// Its position among the values its argument draws from, for ``simpler()``.
    let position: Int
    /// How its argument writes and simplifies values; shared by every value the argument draws.
    let source: ArgumentSource<Value>

    /// The value as Swift code, for the test the explorer prints.
    var code: String { source.code(value) }

    /// Simpler values, simplest first.
    func simpler() -> [ArgumentChoice<Value>] {
        source.simpler(position, value).map { ArgumentChoice(value: $0.value, position: $0.position, source: source) }
    }
}

/// How an argument writes its values as Swift code and which are simpler than one of them.
struct ArgumentSource<Value> {
    /// Writes a value as Swift code.
    let code: (Value) -> String
    /// The simpler values than the one at a position, simplest first, with their positions.
    let simpler: (Int, Value) -> [(position: Int, value: Value)]

    /// The same source for values of any type, made once per input, not per value drawn.
    var erased: ArgumentSource<Any> {
        let code = code
        let simpler = simpler
        return ArgumentSource<Any>(
            code: { value in (value as? Value).map(code) ?? String(describing: value) },
            simpler: { position, value in
                guard let value = value as? Value else { return [] }
                return simpler(position, value).map { ($0.position, $0.value as Any) }
            }
        )
    }
}
