import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

@testable import PureMVVMTesting

// MARK: - Two screens that share notes: a list that shows them, an editor that saves one

struct NotesListOutputs: ViewOutputs {
    var summary = ""
    enum Field: Int, OutputField { case summary }
    func hasChanged(_ field: Field, since old: Self) -> Bool { summary != old.summary }
}

@MainActor
final class NotesListViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<NotesListOutputs>)?
    var outputs: NotesListOutputs { store.outputs }
    private let store = OutputStore(NotesListOutputs())

    init(notes: SharedState<[Int: String]>) {
        notes.observe(by: self) { [weak self] notes in
            guard let self else { return }
            store.update(notifying: delegate) { $0.summary = Self.summary(of: notes) }
        }
    }

    static func summary(of notes: [Int: String]) -> String {
        notes.keys.sorted().map { "\($0): \(notes[$0] ?? "")" }.joined(separator: ", ")
    }
}

struct NoteEditorOutputs: ViewOutputs {
    var savedNote = ""
    var isSaving = false
    enum Field: Int, OutputField { case savedNote, isSaving }
    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .savedNote: savedNote != old.savedNote
        case .isSaving: isSaving != old.isSaving
        }
    }
}

@MainActor
final class NoteEditorViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<NoteEditorOutputs>)?
    var outputs: NoteEditorOutputs { store.outputs }
    private let store = OutputStore(NoteEditorOutputs())
    private let id: Int
    private let notes: SharedState<[Int: String]>
    private let service: PendingCalls<String, Bool, CancellationError>?

    init(id: Int, notes: SharedState<[Int: String]>, service: PendingCalls<String, Bool, CancellationError>? = nil) {
        self.id = id
        self.notes = notes
        self.service = service
    }

    /// Saves through the service, then shares the note.
    func saveButtonDidTap(_ text: String) {
        guard let service else { return }
        store.update(notifying: delegate) { $0.isSaving = true }
        Task { [weak self, service] in
            guard (try? await service.wait(for: text)) == true, let self else { return }
            notes.update(by: self) { [id] in $0[id] = text }
            store.update(notifying: delegate) {
                $0.savedNote = text
                $0.isSaving = false
            }
        }
    }

    /// Shares the note at once, in the input itself.
    func noteDidCommit(_ text: String) {
        notes.update(by: self) { [id] in $0[id] = text }
        store.update(notifying: delegate) { $0.savedNote = text }
    }
}

/// A state two screens share is asserted once: a change nobody asserts fails the test, and the testers that show it
/// take the reloads that show the asserted change as asserted.
@MainActor
final class SharedStateTests: GuardedTestCase {
    private let service = PendingCalls<String, Bool, CancellationError>(
        whenCancelled: CancellationError(), label: "notes service")

    func testAChangeTwoScreensShowIsAssertedOnce() async throws {
        let notes = SharedState([Int: String](), label: "notes")
        let reports = try await FailureReporter.capture {
            let list = ViewModelTester(NotesListViewModel(notes: notes), spy: ReloadSpy())
            let editor = ViewModelTester(NoteEditorViewModel(id: 3, notes: notes, service: service), spy: ReloadSpy())
            list.shows(notes) { $0.summary = NotesListViewModel.summary(of: $1) }
            editor.shows(notes) { $0.savedNote = $1[3] ?? "" }
            editor.send({ $0.saveButtonDidTap("milk") }) { $0.isSaving = true }
            _ = try await service.next()
            service.respond(with: true)
            await editor.receiveChange(of: notes) { $0[3] = "milk" }
            await editor.receiveReload { $0.isSaving = false }
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testAChangeNobodyAssertedFailsAtTheEndNamingItsInput() async {
        let notes = SharedState([Int: String](), label: "notes")
        let reports = FailureReporter.capture {
            let editor = ViewModelTester(NoteEditorViewModel(id: 3, notes: notes), spy: ReloadSpy())
            editor.send({ $0.noteDidCommit("milk") }) { $0.savedNote = "milk" }
        }
        assertOneFailure(
            reports,
            containing: """
                1 change of shared state was not asserted by the end of the test:
                  - "notes": [:] → [3: "milk"], made during `noteDidCommit("milk")` (SharedStateTests.swift:
                """,
            "To fix: assert each state once with `await tester.receiveChange(of: <state>) { … }`")
    }

    func testAChangeAssertedWrongShowsADiff() async {
        let notes = SharedState([Int: String](), label: "notes")
        let reports = await FailureReporter.capture {
            let editor = ViewModelTester(NoteEditorViewModel(id: 3, notes: notes), spy: ReloadSpy())
            editor.send({ $0.noteDidCommit("milk") }) { $0.savedNote = "milk" }
            await editor.receiveChange(of: notes) { $0[3] = "bread" }
        }
        assertOneFailure(
            reports, containing: "After its change, the shared state \"notes\" is not what the test expected:",
            "(−: expected, +: actual)")
    }

    func testAScreenThatShowsTheStateButIsNotToldHowMustAssertItsReload() async {
        let notes = SharedState([Int: String](), label: "notes")
        let reports = await FailureReporter.capture {
            let list = ViewModelTester(NotesListViewModel(notes: notes), spy: ReloadSpy())
            let editor = ViewModelTester(NoteEditorViewModel(id: 3, notes: notes), spy: ReloadSpy())
            editor.send({ $0.noteDidCommit("milk") }) { $0.savedNote = "milk" }
            await editor.receiveChange(of: notes) { $0[3] = "milk" }
            _ = list
        }
        assertOneFailure(reports, containing: "1 delegate call was not asserted by the end of the test:")
    }

    /// A screen said to show the state that does not (it never observes it) fails once the change is asserted.
    func testAScreenSaidToShowTheStateThatDoesNotFails() async {
        let notes = SharedState([Int: String](), label: "notes")
        let reports = await FailureReporter.capture {
            let deaf = ViewModelTester(NotesListViewModel(notes: SharedState([:])), spy: ReloadSpy())
            deaf.shows(notes) { $0.summary = NotesListViewModel.summary(of: $1) }
            let editor = ViewModelTester(NoteEditorViewModel(id: 3, notes: notes), spy: ReloadSpy())
            editor.send({ $0.noteDidCommit("milk") }) { $0.savedNote = "milk" }
            await editor.receiveChange(of: notes) { $0[3] = "milk" }
        }
        assertOneFailure(
            reports,
            containing: "After the change of the shared state \"notes\" was asserted, NotesListViewModel does not show "
                + "it as the test says it does:",
            "To fix: have the ViewModel observe the state")
    }

    func testAReceiveOfAChangeThatCannotComeFailsAtOnceNamingWhatWaits() async {
        let notes = SharedState([Int: String](), label: "notes")
        let reports = await FailureReporter.capture {
            let editor = ViewModelTester(NoteEditorViewModel(id: 3, notes: notes, service: service), spy: ReloadSpy())
            editor.checksUnfinishedWork = false
            editor.send({ $0.saveButtonDidTap("milk") }) { $0.isSaving = true }
            await editor.receiveChange(of: notes) { $0[3] = "milk" }
        }
        assertOneFailure(
            reports,
            containing: "Expected a change of the shared state \"notes\", but the ViewModels made none after "
                + "`saveButtonDidTap(\"milk\")`",
            "PendingCalls \"notes service\": the call \"milk\" still waits for an answer")
        service.fail(with: CancellationError())
    }

    /// In a process where no fake or clock was ever made, a send ties no task-local to its input (see
    /// `WorkRegistry.isFollowingWork`): the change its input made is still named with the input. This test process
    /// keeps fakes alive (XCTest keeps every test case, and their properties), so the probe runs it in its own.
    func testAChangeAnInputMadeIsNamedWithItWhenNoFakeIsAlive() async throws {
        let outcome = try TestProbe.run("shared-change-without-fakes")
        XCTAssertEqual(outcome.exitStatus, 0, outcome.errors)
        XCTAssertTrue(
            outcome.output.contains(
                "1 change of shared state was not asserted by the end of the test:\n  - \"shared count\": 0 → 1, made "
                    + "during `shareButtonDidTap()`"),
            outcome.output)
    }

    /// A change made while no tester is alive is no test's: the next tester does not take it for its input's.
    func testAChangeMadeWhileNoTesterIsAliveIsNobodys() async {
        let orphan = SharedState(0, label: "orphan")
        orphan.update { $0 = 1 }
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            tester.send({ $0.titleFieldDidChange("x") }) { $0.title = "x" }
        }
        XCTAssertEqual(reports.messages, [])
        XCTAssertEqual(orphan.value, 1)
    }

    /// The same before a process's first send: the tester made and freed before it does not make the change its
    /// own, nor does the next tester's first input. Only a process of its own has sent nothing yet.
    func testAChangeMadeWhileNoTesterIsAliveIsNobodysBeforeTheFirstSend() async throws {
        let outcome = try TestProbe.run("shared-change-before-the-first-send")
        XCTAssertEqual(outcome.exitStatus, 0, outcome.errors)
        XCTAssertTrue(
            outcome.output.contains("\"shared count\": 0 → 1, made during `shareButtonDidTap()`"), outcome.output)
        XCTAssertFalse(outcome.output.contains("orphan"), outcome.output)
    }

    /// Changes asserted at once are checked from the value before the first: an expectation that adds to it counts
    /// each change.
    func testChangesAssertedAtOnceAreCheckedFromTheValueBeforeTheFirst() async {
        let likes = SharedState(0, label: "likes")
        let reports = await FailureReporter.capture {
            let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            tester.send { _ in likes.update { $0 += 1 } }
            tester.send { _ in likes.update { $0 += 1 } }
            await tester.receiveChange(of: likes) { $0 += 2 }
        }
        XCTAssertEqual(reports.messages, [])
        XCTAssertEqual(likes.value, 2)
    }

    func testAPartialTesterSkipsChangesItDoesNotAssert() async {
        let notes = SharedState([Int: String](), label: "notes")
        let reports = FailureReporter.capture {
            let editor = ViewModelTester(NoteEditorViewModel(id: 3, notes: notes), spy: ReloadSpy())
            editor.strictness = .partial
            editor.send({ $0.noteDidCommit("milk") }) { $0.savedNote = "milk" }
        }
        XCTAssertEqual(reports.messages, [])
    }
}
