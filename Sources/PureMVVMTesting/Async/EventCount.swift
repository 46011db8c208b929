internal import Foundation
import PureMVVM

/// Lets a task wait until something happens, or until its time is up: an event count.
///
/// The waiter reads ``current``, checks its condition, and only then waits for the count to pass what it read,
/// so an event between the check and the wait is never missed.
final class EventCount: @unchecked Sendable {
    private let lock = PlatformLock()
    private var count = 0
    private var nextID = 0
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var expiredEarly: Set<Int> = []

    /// How many events have happened.
    var current: Int { lock.locked { count } }

    /// Records an event and wakes every waiter.
    func signal() {
        lock.lock()
        count += 1
        guard !waiters.isEmpty else { return lock.unlock() }  // the usual case: nobody waits
        let woken = Array(waiters.values)
        waiters.removeAll()
        lock.unlock()
        for waiter in woken { waiter.resume(returning: true) }
    }

    /// Suspends until the count passes `seen`, or until `timeout` has passed.
    ///
    /// - Returns: `true` when an event happened, `false` when the time ran out first.
    func wait(past seen: Int, timeout: Duration) async -> Bool {
        let id = lock.locked {
            nextID += 1
            return nextID
        }
        let timer = Task { [weak self] in
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            self?.expire(id)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let outcome: Bool? = lock.locked {
                if count > seen { return true }
                if expiredEarly.remove(id) != nil { return false }
                waiters[id] = continuation
                return nil
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
    }

    private func expire(_ id: Int) {
        let waiter: CheckedContinuation<Bool, Never>? = lock.locked {
            guard let waiter = waiters.removeValue(forKey: id) else {
                expiredEarly.insert(id)
                return nil
            }
            return waiter
        }
        waiter?.resume(returning: false)
    }
}
