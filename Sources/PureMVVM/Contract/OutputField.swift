/// Names one output of a ViewModel, so a reload can say which outputs changed.
///
/// Declare the fields of an outputs snapshot as an `Int`-backed enumeration, one case per output, and the
/// compiler does the rest: `CaseIterable` lists the fields, and the raw values give each its position.
///
/// ```swift
/// enum Field: Int, OutputField {
///     case usernameBorder, passwordBorder, isLoginEnabled, isLoading
/// }
/// ```
///
/// The store compares the fields `allCases` lists, so no field can be skipped. A ``ChangeSet`` keeps each field by
/// its position: leave the raw values to the compiler (`0`, `1`, `2`…), and the first 64 fields fit in one machine
/// word.
public protocol OutputField: Hashable, Sendable, CaseIterable {
    /// The field's position among its ViewModel's outputs: a number from `0` up that no other field has.
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
