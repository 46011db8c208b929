import Foundation
import PAM
import XCTest

/// Records the PAM handles a ``PAMAuthenticator`` starts and ends, from the transaction's thread, so a test can
/// check that none is left open; optionally fulfils an expectation at each `pam_end`.
final class HandleLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [PAMAuthenticator.Event] = []
    private var ends: [XCTestExpectation] = []

    /// Every event so far, in order.
    var events: [PAMAuthenticator.Event] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// How many handles were started and not ended.
    var openHandles: Int {
        events.reduce(0) { count, event in event == .started ? count + 1 : count - 1 }
    }

    func record(_ event: PAMAuthenticator.Event) {
        lock.lock()
        recorded.append(event)
        let fulfil = event == .ended ? ends : []
        lock.unlock()
        for expectation in fulfil { expectation.fulfill() }
    }

    /// An expectation fulfilled at the next `pam_end`.
    func nextEnd(_ description: String) -> XCTestExpectation {
        let expectation = XCTestExpectation(description: description)
        expectation.assertForOverFulfill = false
        lock.lock()
        ends.append(expectation)
        lock.unlock()
        return expectation
    }
}
