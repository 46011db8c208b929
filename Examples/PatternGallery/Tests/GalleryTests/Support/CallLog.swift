/// The calls a spy received, in order, and a way to wait for more without sleeping: a wait ends at the next
/// call, or fails after a bound instead of hanging.
@MainActor
final class CallLog<Call: Equatable> {
    /// A wait that saw nothing it wanted before its bound.
    struct WaitTimedOut: Error, CustomStringConvertible {
        let awaited: String
        let calls: String
        var description: String { "Waited for \(awaited), but the calls are \(calls)." }
    }

    private(set) var calls: [Call] = []
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var nextWaiter = 0

    func append(_ call: Call) {
        calls.append(call)
        let woken = waiters.values
        waiters.removeAll()
        for waiter in woken { waiter.resume(returning: true) }
    }

    func removeAll() {
        calls.removeAll()
    }

    /// Waits until a condition holds, checking it after each call.
    ///
    /// - Throws: ``WaitTimedOut`` when no call makes it hold within the timeout.
    func waitUntil(_ awaited: String, timeout: Duration = .seconds(5), _ condition: () -> Bool) async throws {
        while !condition() {
            guard await nextCall(timeout: timeout) else { throw WaitTimedOut(awaited: awaited, calls: "\(calls)") }
        }
    }

    /// Waits until the log holds at least one call, and returns them.
    func next(timeout: Duration = .seconds(5)) async throws -> [Call] {
        try await waitUntil("a call", timeout: timeout) { !calls.isEmpty }
        return calls
    }

    private func nextCall(timeout: Duration) async -> Bool {
        nextWaiter += 1
        let id = nextWaiter
        let timer = Task { [weak self] in
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            self?.waiters.removeValue(forKey: id)?.resume(returning: false)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { waiters[id] = $0 }
    }
}
