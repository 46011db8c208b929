/// What the tasks one `send` starts inherit, so that the tester knows whether one of them is still alive: a
/// `Task { }` the input made, a task of the toolkit's `InFlightTask` or `Debouncer`, and the tasks those make all
/// copy the task-local ``WorkOrigin/current`` and keep it until they end. The tester keeps the marker too; a marker
/// something else still holds means that a task of that send is alive.
///
/// A `receive` that finds no call uses it to tell work that can still make one from work that cannot: a task still
/// alive whose send has nothing waiting on a fake or a clock may be working on something the tester does not see
/// (a real clock, a stream), so the receive waits for it; one whose send has a call or a sleep waiting can go no
/// further until the test answers. It is made only while a fake or a clock is alive, when a `send` binds the
/// task-local anyway (see ``WorkRegistry/isFollowingWork``).
final class InputMarker: Sendable {
    /// The input the send sent, for messages.
    let input: InputLabel
    /// The test line that sent it.
    let location: FailureLocation

    init(input: InputLabel, location: FailureLocation) {
        self.input = input
        self.location = location
    }
}

/// The markers of a tester's sends that some task may still hold. Used on the main actor only.
struct InputMarkers {
    /// Newest last. (A strong reference and a look at whether it is the only one cost less than a weak one.)
    private var markers: [InputMarker] = []
    /// The count at which the markers no task holds are dropped, so the list stays as long as the tasks alive.
    private var pruneAt = 16

    /// A marker for a send about to run.
    mutating func make(input: InputLabel, location: FailureLocation) -> InputMarker {
        if markers.count >= pruneAt {
            dropUnheld()
            pruneAt = max(16, markers.count * 2)
        }
        let marker = InputMarker(input: input, location: location)
        markers.append(marker)
        return marker
    }

    /// The markers a task still holds, oldest first. A marker no task holds is dropped: no task can take it up
    /// again, since only the tasks of its send, and the tasks they make, inherit it.
    mutating func held() -> [InputMarker] {
        dropUnheld()
        return markers
    }

    private mutating func dropUnheld() {
        var kept: [InputMarker] = []
        while var marker = markers.popLast() {
            if !isKnownUniquelyReferenced(&marker) { kept.append(marker) }
        }
        markers = kept.reversed()
    }
}
