import PureMVVM

/// One delegate call a spy recorded, in the order the ViewModel made it.
enum RecordedCall<Outputs: ViewOutputs, Event: Equatable & Sendable>: Equatable, Sendable {
    /// `reloadViews(_:from:)`, with the change set, a snapshot of the outputs it handed the view, the
    /// ViewModel's own outputs at that moment (`nil` when the recorder is not bound to a ViewModel), and the row
    /// changes it told the view for each `Rows` output the tester follows (empty when none).
    case reload(ChangeSet<Outputs>, outputs: Outputs, viewModelOutputs: Outputs?, rowChanges: [RowChanges])
    /// Any other delegate call, such as an alert or navigation, as the spy's event.
    case event(Event)
}

extension RecordedCall: CustomStringConvertible {
    /// One line for failure messages and call logs, such as `reloadViews([usernameBorder])` or
    /// `showAlert(Alert(title: …))`.
    var description: String {
        switch self {
        case .reload(let changes, _, _, _): "reloadViews(\(changes))"
        case .event(let event): ValueDump(event).singleLine.trimmingPrefix(".").description
        }
    }
}
