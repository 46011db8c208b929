/// One value an explorer input drew for its argument, with how to write it in Swift and the simpler values to try
/// in its place when a failing sequence is shrunk.
struct ArgumentChoice<Value> {
    /// The value.
    let value: Value
    /// The value as Swift code, for the test the explorer prints.
    let code: String
    /// Simpler values, simplest first.
    let simpler: () -> [ArgumentChoice<Value>]

    /// The same choice with its value type erased.
    var erased: ArgumentChoice<Any> {
        ArgumentChoice<Any>(value: value, code: code) { simpler().map(\.erased) }
    }
}
