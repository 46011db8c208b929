/// Names one output of a ViewModel, so a reload can say which outputs changed.
///
/// Declare the fields of an outputs snapshot as an `Int`-backed enumeration; the raw values give each field its
/// position, and the default implementation does the rest:
///
/// ```swift
/// enum Field: Int, OutputField {
///     case usernameBorder, passwordBorder, isLoginEnabled, isLoading
/// }
/// ```
///
/// Positions must be dense, from `0` up: a ``ChangeSet`` stores fields by position, and diffing walks the
/// positions from `0` until ``init(index:)`` returns `nil`.
public protocol OutputField: Hashable, Sendable {
    /// The field's position among its ViewModel's outputs, from `0` up, with no gaps.
    var index: Int { get }

    /// Creates the field at a position.
    ///
    /// - Parameter index: A position among the outputs.
    /// - Returns: `nil` when no field has that position.
    init?(index: Int)
}

extension OutputField where Self: RawRepresentable, RawValue == Int {
    /// The raw value of the case.
    @inlinable
    public var index: Int { rawValue }

    /// Creates the case whose raw value is `index`.
    ///
    /// - Parameter index: A raw value.
    /// - Returns: `nil` when no case has that raw value.
    @inlinable
    public init?(index: Int) {
        self.init(rawValue: index)
    }
}
