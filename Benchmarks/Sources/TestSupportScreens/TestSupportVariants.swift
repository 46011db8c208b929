public import BenchKit
internal import LoginFeature
internal import PureMVVM
internal import ScalingViewModels

/// The rows of part 3: what PureMVVMTesting costs a test. A tested event (a `ViewModelTester.send` with its
/// expected change), the spy's recording alone, and the structural diff of two snapshots that a failure message
/// shows, for the login screen's 5 outputs and for 100.
public enum TestSupportVariants {
    /// The group heading of these rows.
    static let group = "3. Test support"

    /// Every test-support row. The two login rows send part 1's events and are compared with its best hand-written
    /// row, so their ratio says what testing an event costs against showing it.
    public static let all: [Variant] = [
        Variant(
            id: "tests.send",
            group: group,
            title: "`ViewModelTester.send` with the expected change: LoginViewModel, `DelegateSpy`, snapshot, checks",
            baseline: "login.lean",
            measurement: .perEvent(
                PerEvent(unit: "reload", callgrindEvents: 1_000, make: { TesterSendWorkload() }) {
                    UsernameEdits.expected(events: $0, asserted: true)
                }
            )
        ),
    ] + listSends + themedSends + [
        Variant(
            id: "explorer.step",
            group: group,
            title: "`ContractExplorer` step: a random login edit sent through `ViewModelTester`, a turn of the main "
                + "actor, the outputs read twice, an invariant",
            baseline: "login.lean",
            measurement: .perEvent(
                PerEvent(unit: "step", callgrindEvents: 50, countsUnits: true, make: { ExplorerWorkload() }) {
                    ExplorerWorkload.expected(events: $0)
                }
            )
        ),
        Variant(
            id: "explorer.step.orders",
            group: group,
            title: "`ContractExplorer` step on the orders list (up to 25 rows): a random list input sent through "
                + "`ViewModelTester` with the rows checked, turns until the service has answered, two invariants",
            baseline: nil,
            measurement: .perEvent(
                PerEvent(
                    unit: "step", callgrindEvents: 20, countsUnits: true, memoryEvents: 500, checkEvents: 50,
                    make: { OrdersExplorerWorkload() }
                ) {
                    OrdersExplorerWorkload.expected(events: $0)
                }
            )
        ),
        Variant(
            id: "tests.record",
            group: group,
            title: "LoginViewModel with a `DelegateSpy`, no tester: `DelegateRecorder.recordReload` alone",
            baseline: "login.lean",
            measurement: .perEvent(
                PerEvent(unit: "reload", make: { RecorderWorkload() }) {
                    UsernameEdits.expected(events: $0, asserted: false)
                }
            )
        ),
        Variant(
            id: "tests.diff.login",
            group: group,
            title: "`structuralDiff` of two `LoginOutputs` (5 outputs, 2 differ)",
            baseline: nil,
            measurement: .perEvent(
                PerEvent(
                    unit: "diff",
                    callgrindEvents: 500,
                    make: { SnapshotDiffWorkload(expected: expectedLogin, actual: actualLogin, text: loginDiff) },
                    expected: { SnapshotDiffWorkload<LoginOutputs>.expected(events: $0, text: loginDiff) }
                )
            )
        ),
        Variant(
            id: "tests.diff.100",
            group: group,
            title: "`structuralDiff` of two 100-output snapshots (1 differs)",
            baseline: nil,
            measurement: .perEvent(
                PerEvent(
                    unit: "diff",
                    callgrindEvents: 50,
                    make: { SnapshotDiffWorkload(expected: expectedGrid, actual: actualGrid, text: gridDiff) },
                    expected: { SnapshotDiffWorkload<Outputs100>.expected(events: $0, text: gridDiff) }
                )
            )
        ),
    ]

    /// A tested event on a list screen (`TicketListViewModel`) at 0, 30 and 300 rows, changing no row or one; the
    /// ids are `tests.send.rows.N` and `tests.send.rows.N.one`, and `tests.send.rows.1.one` is one row changed on a
    /// one-row list, the cost of a send plus that of comparing one row. `tests.send.rows.N.move` moves the last row
    /// to the front and back, at 3, 30 and 300 rows: a reload with moves, which the tester works out in full.
    /// `app.rows.N.one` is the same one-row event untested, at 1 and 300 rows, and `test.rows.N.one` the test's
    /// own code of it alone (its expectation built and compared): what the tester adds is what is left.
    /// `tests.todos.N` is a test of TCA's Todos, ported, at 0, 3, 30 and 300 todos: the feature issue 43 measured
    /// TCA's `TestStore` on.
    static let listSends: [Variant] =
        [0, 30, 300].map { rows in listSend(rows: rows, change: .noRow) }
        + [1, 30, 300].map { rows in listSend(rows: rows, change: .oneRow) }
        + [3, 30, 300].map { rows in listSend(rows: rows, change: .moveRow) }
        + [1, 300].map(listAppSend(rows:))
        + [1, 300].map(listExpectation(rows:))
        + [0, 3, 30, 300].map(todoListSend(todos:))

    /// A tested event on a screen whose outputs hold a theme: as a struct (`tests.send.theme.value`), read where the
    /// outputs lie, and as a class instance (`tests.send.theme.object`), which makes the tester read the outputs
    /// through `Mirror`. The difference is what reading outputs in place saves a test.
    static let themedSends: [Variant] = [
        themedSend(id: "tests.send.theme.value", theme: "a struct, the outputs read in place") { ThemeValue() },
        themedSend(id: "tests.send.theme.object", theme: "a class instance, the outputs read through `Mirror`") {
            ThemeObject()
        },
    ]

    private static func themedSend<Theme: Equatable & Sendable>(
        id: String, theme: String, _ makeTheme: @escaping @MainActor @Sendable () -> Theme
    ) -> Variant {
        Variant(
            id: id,
            group: group,
            title: "`ViewModelTester.send` on a switch whose outputs hold a theme, \(theme)",
            baseline: nil,
            measurement: .perEvent(
                PerEvent(
                    unit: "reload", callgrindEvents: 1_000,
                    make: { ThemedSwitchSendWorkload(theme: makeTheme()) },
                    expected: { ThemedSwitchSendWorkload<Theme>.expected(events: $0) }
                )
            )
        )
    }

    private static func listAppSend(rows: Int) -> Variant {
        reloads(
            id: "app.rows.\(rows).one",
            title: "The same event untested, a list of \(rows) row\(rows == 1 ? "" : "s"): one row starred, the view "
                + "redrawing the rows the reload names",
            make: { ListAppSendWorkload(rows: rows) },
            expected: { ListAppSendWorkload.expected(events: $0) })
    }

    private static func listExpectation(rows: Int) -> Variant {
        reloads(
            id: "test.rows.\(rows).one",
            title: "The same event's test code alone, a list of \(rows) row\(rows == 1 ? "" : "s"): the expected "
                + "outputs built on a copy of the outputs before, and compared with the outputs after",
            make: { ListExpectationWorkload(rows: rows) },
            expected: { ListExpectationWorkload.expected(events: $0) })
    }

    private static func todoListSend(todos: Int) -> Variant {
        reloads(
            id: "tests.todos.\(todos)",
            title: "`ViewModelTester.send` on TCA's Todos, ported, \(todos) todo\(todos == 1 ? "" : "s"): a round of "
                + "eight events, as its tests send them",
            make: { TodoListTesterWorkload(todos: todos) },
            expected: { TodoListTesterWorkload.expected(events: $0, todos: todos) })
    }

    /// A row of this group measured per reload, 200 and 400 of them under callgrind.
    ///
    /// - Parameters:
    ///   - id: The row's id.
    ///   - title: What the row measures.
    ///   - make: Makes a fresh workload.
    ///   - expected: What a fresh workload must show after a number of reloads.
    /// - Returns: The row.
    private static func reloads(
        id: String, title: String, make: @escaping @MainActor @Sendable () -> any EventWorkload,
        expected: @escaping @Sendable (Int) -> Outcome
    ) -> Variant {
        Variant(
            id: id, group: group, title: title, baseline: nil,
            measurement: .perEvent(PerEvent(unit: "reload", callgrindEvents: 200, make: make, expected: expected)))
    }

    private static func listSend(rows: Int, change: ListTesterSendWorkload.Change) -> Variant {
        let (suffix, what) =
            switch change {
            case .noRow: ("", "edit mode, no row changed")
            case .oneRow: (".one", "one row starred")
            case .moveRow: (".move", "the last row moved to the front, or back")
            }
        return reloads(
            id: "tests.send.rows.\(rows)" + suffix,
            title: "`ViewModelTester.send` on a list of \(rows) row\(rows == 1 ? "" : "s"): \(what)",
            make: { ListTesterSendWorkload(rows: rows, change: change) },
            expected: { ListTesterSendWorkload.expected(events: $0, rows: rows, change: change) })
    }

    /// Reloads per second that a test records and asserts, and that the spy records alone: 10⁹ divided by the
    /// median nanoseconds per reload.
    public static let figures: [DerivedFigure] = [
        reloadsPerSecond("tests.send", "`ViewModelTester.send` records and asserts"),
        reloadsPerSecond("tests.record", "A `DelegateSpy` records, without a tester,"),
    ]

    private static func reloadsPerSecond(_ id: String, _ subject: String) -> DerivedFigure {
        DerivedFigure { results in
            guard let time = results[id]?.nanoseconds else { return nil }
            return "\(subject) \(Format.perSecond(time.median)) reloads per second "
                + "(10⁹ / \(Format.duration(time.median)), the median time per reload)"
        }
    }

    // MARK: The snapshots diffed

    /// What a test expected after typing "dimsky": both fields valid, login enabled.
    private static let expectedLogin: LoginOutputs = {
        var outputs = LoginOutputs()
        outputs.usernameBorder = .valid
        outputs.passwordBorder = .valid
        outputs.isLoginEnabled = true
        return outputs
    }()

    /// What a ViewModel whose rule wrongly refused "dimsky" shows.
    private static let actualLogin: LoginOutputs = {
        var outputs = expectedLogin
        outputs.usernameBorder = UsernameEdits.tooShort
        outputs.isLoginEnabled = false
        return outputs
    }()

    /// Their diff, as a failure message shows it.
    private static let loginDiff = """
          LoginOutputs(
        −   usernameBorder: .valid
        +   usernameBorder: .invalid(["Must be at least 6 characters."])
            passwordBorder: .valid
        −   isLoginEnabled: true
        +   isLoginEnabled: false
            isLoading: false
            isLockedOut: false
          )
        """

    /// 100 outputs, output 41 expected to be 1.
    private static let expectedGrid: Outputs100 = {
        var outputs = Outputs100()
        outputs.o41 = 1
        return outputs
    }()

    /// The same, output 41 being 2.
    private static let actualGrid: Outputs100 = {
        var outputs = Outputs100()
        outputs.o41 = 2
        return outputs
    }()

    /// Their diff: the unchanged runs are counted.
    private static let gridDiff = """
          Outputs100(
            … (41 unchanged)
        −   o41: 1
        +   o41: 2
            … (58 unchanged)
          )
        """
}
