/// The median, minimum and maximum of repeated measurements.
public struct Spread: Hashable, Sendable {
    /// The middle value (the mean of the two middle values for an even count).
    public var median: Double
    /// The smallest value.
    public var minimum: Double
    /// The largest value.
    public var maximum: Double

    /// Summarises measurements.
    ///
    /// - Parameter values: At least one measurement.
    /// - Returns: `nil` when `values` is empty.
    public init?(_ values: [Double]) {
        guard let minimum = values.min(), let maximum = values.max() else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        self.minimum = minimum
        self.maximum = maximum
    }
}
