import PureMVVM

/// One delegate call a spy recorded, in the order the ViewModel made it.
enum RecordedCall<Outputs: ViewOutputs, Event: Equatable & Sendable>: Equatable, Sendable {
    /// `reloadViews(_:from:)`, with what it named (the change set, and the row changes it told the view for each
    /// `Rows` output the tester follows), a snapshot of the outputs it handed the view, and the ViewModel's own
    /// outputs at that moment (`nil` when the recorder is not bound to a ViewModel).
    ///
    /// Three values, not four: the runtime finds the metadata of a payload of three in a cache of its own, and
    /// hashes the labels of a longer one on every reload recorded.
    case reload(ReloadNames, outputs: Outputs, viewModelOutputs: Outputs?)
    /// Any other delegate call, such as an alert or navigation, as the spy's event.
    case event(Event)
}

extension RecordedCall: CustomStringConvertible {
    /// One line for failure messages and call logs, such as `reloadViews([usernameBorder])` or
    /// `showAlert(AlertContent(title: …))`.
    var description: String {
        switch self {
        case .reload(let names, _, _): "reloadViews(\(ChangeSet<Outputs>(names.changes)))"
        case .event(let event): ValueDump(event).singleLine.trimmingPrefix(".").description
        }
    }
}

/// What a recorded reload named, in types that do not depend on the outputs.
struct ReloadNames: Equatable, Sendable {
    /// The outputs its change set named.
    var changes: ChangePositions
    /// The row changes it told the view, one per `Rows` output the tester follows; empty when none.
    var rowChanges: [RowChanges] = []
}
