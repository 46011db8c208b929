import PureMVVM

/// One delegate call a spy recorded, in the order the ViewModel made it.
enum RecordedCall<Outputs: ViewOutputs, Event: Equatable & Sendable>: Equatable, Sendable {
    /// `reloadViews(_:)`, with the change set and the outputs the view could read during the call (`nil` when
    /// the recorder is not bound to a ViewModel).
    case reload(ChangeSet<Outputs>, outputs: Outputs?)
    /// Any other delegate call, such as an alert or navigation, as the spy's event.
    case event(Event)
}

extension RecordedCall: CustomStringConvertible {
    /// One line for failure messages and call logs, such as `reloadViews([usernameBorder])` or
    /// `showAlert(Alert(title: …))`.
    var description: String {
        switch self {
        case .reload(let changes, _): "reloadViews(\(changes))"
        case .event(let event): ValueDump(event).singleLine.trimmingPrefix(".").description
        }
    }
}
