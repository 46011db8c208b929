import PureMVVM
import PureMVVMTesting

/// ViewModels with a bug planted where only a specific sequence of inputs reaches it, for proving that the
/// contract explorer finds it and shrinks what it found to exactly that sequence.

struct LockOutputs: ViewOutputs {
    var progress = 0
    var isOpen = false

    enum Field: Int, OutputField { case progress, isOpen }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .progress: progress != old.progress
        case .isOpen: isOpen != old.isOpen
        }
    }
}

/// A combination lock that opens after `a`, `b`, `c` in a row; any other input starts over. The bug: opening
/// forgets the reload, so only `a()`, `b()`, `c()` shows it.
@MainActor
final class CombinationLockViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<LockOutputs>)?
    var outputs: LockOutputs { store.outputs }
    private let store = OutputStore(LockOutputs())

    func a() { move(to: 1) }
    func b() { move(to: outputs.progress == 1 ? 2 : 0) }
    func d() { move(to: 0) }
    func reset() { move(to: 0) }

    func c() {
        guard outputs.progress == 2 else { return move(to: 0) }
        store.update(notifying: nil) {  // the planted bug: no delegate, no reload
            $0.progress = 3
            $0.isOpen = true
        }
    }

    private func move(to progress: Int) {
        store.update(notifying: delegate) {
            $0.progress = progress
            $0.isOpen = false
        }
    }
}

/// A lock that opens when `open()` comes after an even number of steps, eight or more. The bug: opening forgets the
/// reload. No single step can be left out of a failing sequence (the count would be odd), but two in a row can: the
/// explorer must shrink by runs of steps to reach the eight.
@MainActor
final class EvenStepsLockViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<LockOutputs>)?
    var outputs: LockOutputs { store.outputs }
    private let store = OutputStore(LockOutputs())

    func step() {
        store.update(notifying: delegate) { $0.progress += 1 }
    }

    func open() {
        guard outputs.progress >= 8, outputs.progress.isMultiple(of: 2) else { return }
        store.update(notifying: nil) { $0.isOpen = true }  // the planted bug: no delegate, no reload
    }
}

struct NoteOutputs: ViewOutputs {
    var text = ""
    var isSaveEnabled = false
    var savedNote = ""

    enum Field: Int, OutputField { case text, isSaveEnabled, savedNote }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .text: text != old.text
        case .isSaveEnabled: isSaveEnabled != old.isSaveEnabled
        case .savedNote: savedNote != old.savedNote
        }
    }

    /// Text with a control character (a tab, a new line, NUL, escape) is never saved.
    static func isSavable(_ text: String) -> Bool {
        !text.isEmpty && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}

/// A note editor with undo. The bug: undo restores the text but checks only that it is not empty, so a note with a
/// control character typed, then replaced, then restored by undo, can be saved: four steps.
@MainActor
final class NoteViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<NoteOutputs>)?
    var outputs: NoteOutputs { store.outputs }
    private let store = OutputStore(NoteOutputs())
    private var history: [String] = []

    func noteDidChange(_ text: String) {
        history.append(outputs.text)
        store.update(notifying: delegate) {
            $0.text = text
            $0.isSaveEnabled = NoteOutputs.isSavable(text)
        }
    }

    func undo() {
        guard let previous = history.popLast() else { return }
        store.update(notifying: delegate) {
            $0.text = previous
            $0.isSaveEnabled = !previous.isEmpty  // the planted bug: should be NoteOutputs.isSavable(previous)
        }
    }

    func save() {
        guard outputs.isSaveEnabled else { return }
        store.update(notifying: delegate) { $0.savedNote = $0.text }
    }
}

/// A screen whose refresh keeps itself alive through a closure: freed unless `refresh()` ran.
@MainActor
final class SelfKeepingViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<LockOutputs>)?
    var outputs: LockOutputs { store.outputs }
    private let store = OutputStore(LockOutputs())
    private var onRefresh: (() -> Void)?

    func tap() {
        store.update(notifying: delegate) { $0.progress += 1 }
    }

    func refresh() {
        onRefresh = { self.tap() }  // the planted bug: a cycle
    }
}
