import Foundation
import Observation

/// How many times Observation invalidated what a read tracked: withObservationTracking's `onChange`, counted.
final class Invalidations: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The invalidations so far: 0 or 1, since a tracking ends at its first change.
    var count: Int { lock.withLock { value } }

    /// Tracks what `read` reads, counting the change that ends the tracking.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    static func of(_ read: () -> Void) -> Invalidations {
        let invalidations = Invalidations()
        withObservationTracking(read) { invalidations.lock.withLock { invalidations.value += 1 } }
        return invalidations
    }
}
