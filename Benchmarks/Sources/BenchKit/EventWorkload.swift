/// One variant's view, driven by input events as a user would drive it: the thing a per-event row measures.
///
/// A workload is created fresh for every run; its initialiser does the set-up a screen does before the user
/// types (creating the ViewModel, wiring the delegate, the first full render), which is not measured.
@MainActor
public protocol EventWorkload: AnyObject {
    /// Sends input events, each followed by the end of its frame.
    ///
    /// - Parameter count: How many events to send; a fresh workload always starts from the same first event.
    func run(events count: Int)

    /// What the screen showed so far, to compare with the variant's expected outcome.
    var outcome: Outcome { get }
}
