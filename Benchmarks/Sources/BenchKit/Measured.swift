/// What was measured for one row; a column is `nil` when it was not measured (no valgrind, say).
public struct Measured: Sendable {
    /// The row.
    public var variant: Variant
    /// What one unit of work is called, such as `event`.
    public var unit: String
    /// Nanoseconds per unit over the timed runs.
    public var nanoseconds: Spread?
    /// The number of timed runs and the units in each.
    public var timedRuns: (count: Int, units: Int)?
    /// Instructions per unit, from callgrind.
    public var instructions: Double?
    /// Calls into the C allocator per unit, from callgrind.
    public var allocations: Double?
    /// The peak resident set size of a child process that ran the row, in bytes.
    public var peakResidentBytes: Int?
    /// How far the events raised that child's resident set size above what its set-up and a first event left
    /// (the workload made, its code read in, the allocator's free memory handed back), in bytes: the memory the
    /// events themselves needed at their peak. `nil` where the system cannot tell (outside Linux).
    public var peakWorkingBytes: Int?

    /// Creates an empty measurement of a row.
    ///
    /// - Parameters:
    ///   - variant: The row.
    ///   - unit: What one unit of work is called.
    public init(variant: Variant, unit: String) {
        self.variant = variant
        self.unit = unit
    }
}
