/// The field-by-field difference of two values, as ``ViewModelTester``'s failure messages show it: unchanged fields
/// plainly (runs of more than two as a count), each changed one as a `−` line with the expected value and a `+`
/// line with the actual one, nested values, enum payloads and collection elements drilled into.
///
/// For assertions of your own on outputs snapshots or any other values:
///
/// ```swift
/// if let diff = structuralDiff(expected: wanted, actual: viewModel.outputs) {
///     XCTFail("Not the expected outputs:\n\(diff)\n(−: expected, +: actual)")
/// }
/// ```
///
/// The values are taken apart with `Mirror`, so any type works; sets and dictionaries are compared in the order of
/// their elements' text.
///
/// - Parameters:
///   - expected: What the test expected.
///   - actual: What happened.
/// - Returns: The rendered difference, or `nil` when the two values show the same fields and values.
public func structuralDiff(expected: Any, actual: Any) -> String? {
    StructuralDiff.render(expected: expected, actual: actual)
}
