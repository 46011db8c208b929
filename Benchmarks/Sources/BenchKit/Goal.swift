/// A target the issue sets, checked against the measured rows and printed under the table, met or not.
public struct Goal: Sendable {
    /// The target, in words, such as "toolkit ≤ 1.1× the hand-written delegate".
    public let statement: String
    /// Tells whether the rows meet the target, with the figures that show it; `nil` when a row it needs was not
    /// measured.
    public let evaluate: @Sendable (Results) -> Verdict?
    /// Why the goal was given up, with the measurement that showed it; `nil` for a goal still pursued. A retired
    /// goal is still evaluated, and reported as retired with its figures.
    public let retirement: String?

    /// Creates a goal.
    ///
    /// - Parameters:
    ///   - statement: The target, in words.
    ///   - evaluate: Checks the rows; returns `nil` when a row or column it needs is missing.
    public init(_ statement: String, evaluate: @escaping @Sendable (Results) -> Verdict?) {
        self.statement = statement
        self.evaluate = evaluate
        retirement = nil
    }

    /// Creates a goal that was given up, kept so the report still shows its figures and says why.
    ///
    /// - Parameters:
    ///   - statement: The target, in words.
    ///   - reason: Why it was given up, with the measurement that showed it.
    ///   - evaluate: Checks the rows; returns `nil` when a row or column it needs is missing.
    public init(_ statement: String, retired reason: String, evaluate: @escaping @Sendable (Results) -> Verdict?) {
        self.statement = statement
        self.evaluate = evaluate
        retirement = reason
    }
}

/// Whether a goal is met, and the figures that show it.
public struct Verdict: Sendable {
    /// Whether the target is reached.
    public var isMet: Bool
    /// The figures, such as "412 / 398 = 1.04×".
    public var evidence: String

    /// Creates a verdict.
    ///
    /// - Parameters:
    ///   - isMet: Whether the target is reached.
    ///   - evidence: The figures.
    public init(isMet: Bool, evidence: String) {
        self.isMet = isMet
        self.evidence = evidence
    }
}

/// The measured rows, by id, for goals to read.
public struct Results: Sendable {
    /// Every measured row, in table order.
    public let rows: [Measured]

    /// Creates the results.
    ///
    /// - Parameter rows: The measured rows.
    public init(rows: [Measured]) {
        self.rows = rows
    }

    /// The row with an id.
    ///
    /// - Parameter id: A variant's id.
    /// - Returns: Its measurement, or `nil` when it was not measured.
    public subscript(id: String) -> Measured? {
        rows.first { $0.variant.id == id }
    }

    /// Instructions per unit of a row.
    ///
    /// - Parameter id: A variant's id.
    /// - Returns: The count, or `nil` when it was not measured.
    public func instructions(_ id: String) -> Double? {
        self[id]?.instructions
    }

    /// The fewest instructions per unit among rows, and which row has them.
    ///
    /// - Parameter ids: Variants' ids; rows not measured are left out.
    /// - Returns: The count and the row's id, or `nil` when none was measured.
    public func cheapestRow(of ids: [String]) -> (instructions: Double, id: String)? {
        ids.compactMap { id in instructions(id).map { ($0, id) } }.min { $0.0 < $1.0 }
    }

    /// The fewest instructions per unit among rows.
    ///
    /// - Parameter ids: Variants' ids; rows not measured are left out.
    /// - Returns: The count, or `nil` when none was measured.
    public func cheapest(of ids: [String]) -> Double? {
        cheapestRow(of: ids)?.instructions
    }
}
