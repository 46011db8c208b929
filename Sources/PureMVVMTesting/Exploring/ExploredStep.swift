/// One step of a sequence the explorer runs: which input, and the argument it drew.
struct ExploredStep {
    /// The input's position in the explorer's list.
    let input: Int
    /// The argument, for an input that takes one.
    let argument: ArgumentChoice<Any>?
    /// For an input to a child: which of the children attached then (modulo their number).
    var target: UInt64 = 0
}

/// What running one sequence showed.
struct ExploredOutcome {
    /// Every failure the checks reported, in order.
    let failures: [TestFailure]
    /// The steps of the sequence, with those drawn after steps that did nothing.
    let steps: [ExploredStep]
    /// How many steps ran before the checks stopped (all of them when nothing failed).
    let stepsRun: Int
    /// How many asynchronous reloads arrived after each step that ran.
    /// What the printed test receives from the explored ViewModel after each step run, in order.
    let receivesAfterStep: [[ParentReceive]]
    /// Whether the explorer settled after each step run: not after a step of the test's that answered no call, nor
    /// after an input that left no task running.
    let settledAfterStep: [Bool]
    /// Whether the sequence ran to its end, where the explorer settled once more.
    let ranToTheEnd: Bool
    /// What the printed test receives from the explored ViewModel at the end of the sequence.
    let receivesAtEnd: [ParentReceive]
    /// What the printed test does about children after each step run: the testers it makes, and the reloads each
    /// child received (by the child's number, from 1).
    let childrenAfterStep: [ChildEvents]
    /// For each step run that went to a child, the child's number; `nil` for the others (and a child input with no
    /// child to go to).
    let childOfStep: [Int?]
    /// The children's reloads at the end of the sequence.
    let childReloadsAtEnd: [(child: Int, reloads: Int)]
    /// Whether the failures include a leak.
    let leaked: Bool
    /// The invariants that failed, by position.
    let failedInvariants: Set<Int>

    var failed: Bool { !failures.isEmpty }
}

/// What happened to the children a sequence follows after one step.
struct ChildEvents {
    /// The children attached after the step: number, kind and row ID as Swift.
    var attached: [(number: Int, kind: Int, idCode: String)] = []
    /// The reloads each child received after the step.
    var reloads: [(child: Int, reloads: Int)] = []
}

/// One call the printed test receives from the explored ViewModel.
enum ParentReceive {
    /// `await tester.receiveReload()`.
    case reload
    /// A navigation that handed over the next screen's ViewModel: its tester is made, numbered like a child's, of a
    /// kind of pushed screen.
    case pushed(number: Int, kind: Int)
}
