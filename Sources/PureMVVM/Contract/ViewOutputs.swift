/// A snapshot of everything a ViewModel shows, typed the way its view consumes it.
///
/// Outputs are plain values: a ``BorderState``, a `Bool`, a display `String`. The view reads them and never
/// converts or unwraps. List each output once in ``Field`` and compare it once in ``hasChanged(_:since:)``; the
/// compiler checks that the `switch` covers every field, and ``OutputStore`` does the rest.
///
/// ```swift
/// struct LoginOutputs: ViewOutputs {
///     var usernameBorder = BorderState.neutral
///     var isLoginEnabled = false
///
///     enum Field: Int, OutputField { case usernameBorder, isLoginEnabled }
///
///     func hasChanged(_ field: Field, since old: LoginOutputs) -> Bool {
///         switch field {
///         case .usernameBorder: usernameBorder != old.usernameBorder
///         case .isLoginEnabled: isLoginEnabled != old.isLoginEnabled
///         }
///     }
/// }
/// ```
public protocol ViewOutputs: Equatable, Sendable {
    /// The names of the outputs, used by change sets.
    associatedtype Field: OutputField

    /// Tells whether one output differs from an earlier snapshot.
    ///
    /// - Parameters:
    ///   - field: The output to compare.
    ///   - old: The earlier snapshot.
    /// - Returns: `true` when the output's value in `self` differs from its value in `old`.
    func hasChanged(_ field: Field, since old: Self) -> Bool
}

extension ViewOutputs {
    /// Lists the outputs that differ from an earlier snapshot.
    ///
    /// - Parameter old: The earlier snapshot.
    /// - Returns: Every field for which ``hasChanged(_:since:)`` is `true`; empty when nothing changed.
    @inlinable
    public func changes(since old: Self) -> ChangeSet<Self> {
        var changes = ChangeSet<Self>()
        for field in Field.allCases where hasChanged(field, since: old) {
            changes.insert(field)
        }
        return changes
    }
}
