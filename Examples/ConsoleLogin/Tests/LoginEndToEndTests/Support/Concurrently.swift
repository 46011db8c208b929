import Foundation

/// Runs `body` for every item at the same time, each on a thread of its own, and returns what each returned, in
/// the items' order. Each item here is a run of the binary, which spends its time in crypt(3), in a real failure
/// delay, or waiting for its output: a thread each, so that a run that sleeps holds up no other.
///
/// Assert on the results afterwards, on the test's thread: XCTest's assertions are not meant for other threads.
func concurrently<Item: Sendable, Result>(_ items: [Item], _ body: @escaping @Sendable (Item) -> Result) -> [Result] {
    let runs = items.map { item in BackgroundRun { body(item) } }
    return runs.map { $0.wait() }
}

/// Runs `body` on a thread of its own while the caller goes on, as a run of the binary that waits out a real
/// timeout while the test drives another: ``wait()`` returns what it returned.
///
/// `body` must end by itself (a run of the binary ends within its own timeout): ``wait()`` waits for it.
final class BackgroundRun<Result>: @unchecked Sendable {  // `result` is written once, before `done` is left.
    private let done = DispatchGroup()
    private var result: Result?

    init(_ body: @escaping @Sendable () -> Result) {
        done.enter()
        Thread.detachNewThread {
            self.result = body()
            self.done.leave()
        }
    }

    /// Waits for `body` to end and returns what it returned.
    func wait() -> Result {
        done.wait()
        guard let result else { preconditionFailure("the run left its group without a result") }
        return result
    }
}
