/// A figure computed from the measured rows and printed under the table, such as reloads per second.
public struct DerivedFigure: Sendable {
    /// Writes the figure as one line of text; `nil` when a row it needs was not measured.
    public let line: @Sendable (Results) -> String?

    /// Creates a figure.
    ///
    /// - Parameter line: Writes the figure from the rows; returns `nil` when a row or column it needs is missing.
    public init(_ line: @escaping @Sendable (Results) -> String?) {
        self.line = line
    }
}
