internal import Foundation
import PureMVVM

/// What ``ViewModelTester/log`` shows: every input and delegate call in order, kept raw as they happen and written
/// out only when the log is read. Rendering each reload's values costs more than the rest of a `send`.
///
/// The usual entry, an input's one reload, keeps its change set and outputs in buffers of this generic class, so
/// recording it looks up no generic metadata; other calls are kept as ``RecordedCall``s.
final class TesterLog<Outputs: ViewOutputs, Event: Equatable & Sendable> {
    private var lines: [TesterLogLine] = []
    private var calls: [RecordedCall<Outputs, Event>] = []
    private var reloadChanges: UnsafeMutablePointer<ChangePositions>
    private var reloadOutputs: UnsafeMutablePointer<Outputs>
    private var reloadCount = 0
    private var reloadCapacity = 8

    init() {
        reloadChanges = .allocate(capacity: reloadCapacity)
        reloadOutputs = .allocate(capacity: reloadCapacity)
    }

    deinit {
        reloadChanges.deinitialize(count: reloadCount)
        reloadOutputs.deinitialize(count: reloadCount)
        reloadChanges.deallocate()
        reloadOutputs.deallocate()
    }

    /// Records an input.
    func append(input: InputLabel) {
        lines.append(.input(input))
    }

    /// Records a reload with the outputs it handed the view.
    func append(reload changes: ChangePositions, outputs: UnsafePointer<Outputs>) {
        if reloadCount == reloadCapacity { grow() }
        (reloadChanges + reloadCount).initialize(to: changes)
        (reloadOutputs + reloadCount).initialize(to: outputs.pointee)
        lines.append(.reload(reloadCount))
        reloadCount += 1
    }

    /// Records delegate calls, in order.
    func append(_ recorded: [RecordedCall<Outputs, Event>]) {
        for call in recorded {
            lines.append(.call(calls.count))
            calls.append(call)
        }
    }

    /// Records a delegate call made off the main thread.
    func append(offMainCall call: String) {
        lines.append(.offMainCall(call))
    }

    /// The log, one line per input or call.
    ///
    /// - Parameter stepName: Names an explorer's step by its position.
    @MainActor
    func render(stepName: ((Int) -> String)?) -> String {
        lines.map { line in
            switch line {
            case .input(let label):
                return "> " + label.text(stepName: stepName).trimmingCharacters(in: CharacterSet(charactersIn: "`\""))
            case .reload(let index):
                return Self.render(reload: ChangeSet(reloadChanges[index]), outputs: reloadOutputs[index])
            case .call(let index):
                if case .reload(let names, let outputs, _) = calls[index] {
                    return Self.render(reload: ChangeSet(names.changes), outputs: outputs)
                }
                return calls[index].description
            case .offMainCall(let call):
                return "\(call)  [off the main thread]"
            }
        }
        .joined(separator: "\n")
    }

    private func grow() {
        let capacity = reloadCapacity * 2
        let changes = UnsafeMutablePointer<ChangePositions>.allocate(capacity: capacity)
        let outputs = UnsafeMutablePointer<Outputs>.allocate(capacity: capacity)
        changes.moveInitialize(from: reloadChanges, count: reloadCount)
        outputs.moveInitialize(from: reloadOutputs, count: reloadCount)
        reloadChanges.deallocate()
        reloadOutputs.deallocate()
        reloadChanges = changes
        reloadOutputs = outputs
        reloadCapacity = capacity
    }

    private static func render(reload changes: ChangeSet<Outputs>, outputs: Outputs) -> String {
        let values = changes.map { field in "\(field): " + value(of: field, in: outputs) }
        return "reloadViews(\(changes))" + (values.isEmpty ? "" : "  " + values.joined(separator: ", "))
    }

    /// The value of one output, found by the field's name among the snapshot's stored properties.
    private static func value(of field: Outputs.Field, in outputs: Outputs) -> String {
        let name = "\(field)"
        let child = Mirror(reflecting: outputs).children.first { $0.label == name }
        return child.map { ValueDump($0.value).singleLine } ?? "?"
    }
}

/// One line of a ``TesterLog``: not generic, so appending one looks up no metadata.
enum TesterLogLine {
    case input(InputLabel)
    case reload(Int)
    case call(Int)
    case offMainCall(String)
}
