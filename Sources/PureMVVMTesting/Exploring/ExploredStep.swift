/// One step of a sequence the explorer runs: which input, and the argument it drew.
struct ExploredStep {
    /// The input's position in the explorer's list.
    let input: Int
    /// The argument, for an input that takes one.
    let argument: ArgumentChoice<Any>?
}

/// What running one sequence showed.
struct ExploredOutcome {
    /// Every failure the checks reported, in order.
    let failures: [TestFailure]
    /// How many steps ran before the checks stopped (all of them when nothing failed).
    let stepsRun: Int
    /// How many asynchronous reloads arrived after each step that ran.
    let reloadsAfterStep: [Int]
    /// Whether the explorer settled after each step run (a step of the test's that answered no call did nothing).
    let settledAfterStep: [Bool]
    /// Whether the sequence ran to its end, where the explorer settled once more.
    let ranToTheEnd: Bool
    /// How many reloads arrived at the end of the sequence.
    let reloadsAtEnd: Int
    /// Whether the failures include a leak.
    let leaked: Bool
    /// The invariants that failed, by position.
    let failedInvariants: Set<Int>

    var failed: Bool { !failures.isEmpty }
}
