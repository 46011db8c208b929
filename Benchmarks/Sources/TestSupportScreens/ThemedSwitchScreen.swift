internal import BenchKit
internal import PureMVVM
internal import PureMVVMTesting

/// A settings switch whose outputs also hold the screen's theme: as a struct, which the tester reads where it lies
/// (`StructLayout`), or as a class instance, which may be held weakly, so the tester reads those outputs through
/// `Mirror`. The same event, tested both ways, shows what the two forms of the tester's reading cost.
struct ThemedSwitchOutputs<Theme: Equatable & Sendable>: ViewOutputs {
    var title = "Notifications"
    var isOn = false
    var changeCount = 0
    var theme: Theme

    enum Field: Int, OutputField { case title, isOn, changeCount, theme }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .title: title != old.title
        case .isOn: isOn != old.isOn
        case .changeCount: changeCount != old.changeCount
        case .theme: theme != old.theme
        }
    }
}

/// A theme as a value.
struct ThemeValue: Equatable, Sendable {
    var tint = "blue"
}

/// A theme shared by reference, equal only to itself.
final class ThemeObject: Equatable, Sendable {
    static func == (lhs: ThemeObject, rhs: ThemeObject) -> Bool { lhs === rhs }
}

/// The switch's ViewModel, on the toolkit.
@MainActor
final class ThemedSwitchViewModel<Theme: Equatable & Sendable>: ViewModel {
    weak var delegate: (any ReloadDelegate<ThemedSwitchOutputs<Theme>>)?
    var outputs: ThemedSwitchOutputs<Theme> { store.outputs }
    private let store: OutputStore<ThemedSwitchOutputs<Theme>>

    init(theme: Theme) {
        store = OutputStore(ThemedSwitchOutputs(theme: theme))
    }

    /// Turns the switch over, and counts the change.
    func switchDidToggle() {
        store.update(notifying: delegate) {
            $0.isOn.toggle()
            $0.changeCount += 1
        }
    }
}

/// A test of the switch, as a test writes it: each event is a `ViewModelTester.send` with the change it expects.
/// The workload checks the passing path itself, as `TesterSendWorkload` does.
@MainActor
final class ThemedSwitchSendWorkload<Theme: Equatable & Sendable>: EventWorkload {
    private let tester: ViewModelTester<ThemedSwitchViewModel<Theme>, ReloadSpy<ThemedSwitchOutputs<Theme>>>
    private var checksum = Checksum()

    init(theme: Theme) {
        tester = ViewModelTester(ThemedSwitchViewModel(theme: theme), spy: ReloadSpy())
    }

    func run(events count: Int) {
        for _ in 0..<count {
            var wanted: ThemedSwitchOutputs<Theme>?
            tester.send({ $0.switchDidToggle() }) {
                $0.isOn.toggle()
                $0.changeCount += 1
                wanted = $0
            }
            let outputs = tester.viewModel.outputs
            checksum.add(wanted == outputs ? 1 : 0)
            checksum.add(outputs.isOn ? 1 : 0)
            checksum.add(outputs.changeCount)
        }
    }

    /// Whether each event's outputs were as expected, the switch and the count after it, and the reloads recorded.
    var outcome: Outcome { Outcome(checksum: checksum.value, renders: tester.spy.recorder.callCount) }

    /// What a fresh workload must show after a number of events: each as expected, the switch on after odd events,
    /// the count of events so far, one reload each.
    ///
    /// - Parameter count: The events.
    /// - Returns: The checksum and the reloads.
    nonisolated static func expected(events count: Int) -> Outcome {
        var checksum = Checksum()
        for event in 0..<count {
            checksum.add(1)
            checksum.add((event + 1) % 2)
            checksum.add(event + 1)
        }
        return Outcome(checksum: checksum.value, renders: count)
    }
}
