internal import BenchKit
internal import PureMVVM
internal import PureMVVMTesting

/// A test of the todo list as TCA's Todos tests are written, a round of eight sends each with the change the test
/// expects: a todo added at the top, its description typed, the todo completed (it moves to the end), the active
/// todos picked (it leaves the list) and all of them again (it comes back), edit mode on and off, and the completed
/// todos cleared. A round leaves the list as it found it.
///
/// The workload folds whether the outputs equal the expectation after each send, and the list's length and last
/// todo, into the checksum, which the expected outcome computes without any ViewModel.
@MainActor
final class TodoListTesterWorkload: EventWorkload {
    private typealias Todo = TodoListOutputs.Todo
    private let tester: ViewModelTester<TodoListViewModel, ReloadSpy<TodoListOutputs>>
    private let todos: Int
    private var nextID: Int
    private var step = 0
    private var checksum = Checksum()

    init(todos: Int) {
        tester = ViewModelTester(TodoListViewModel(todos: todos), spy: ReloadSpy())
        self.todos = todos
        nextID = todos
    }

    func run(events count: Int) {
        for _ in 0..<count {
            let id = nextID
            var wanted: TodoListOutputs?
            switch step {
            case 0:
                tester.send({ $0.addButtonDidTap() }) {
                    $0.todos.insert(Todo(id: id, description: "", isComplete: false), at: 0)
                    wanted = $0
                }
            case 1:
                tester.send({ $0.descriptionDidChange(id: id, to: "Buy milk") }) {
                    $0.todos.update(Todo(id: id, description: "Buy milk", isComplete: false))
                    wanted = $0
                }
            case 2:
                tester.send({ $0.completeButtonDidTap(id: id) }) {
                    $0.todos.remove(at: 0)
                    $0.todos.append(Todo(id: id, description: "Buy milk", isComplete: true))
                    wanted = $0
                }
            case 3:
                tester.send({ $0.filterDidPick(.active) }) {
                    $0.filter = .active
                    $0.todos.remove(id: id)
                    wanted = $0
                }
            case 4:
                tester.send({ $0.filterDidPick(.all) }) {
                    $0.filter = .all
                    $0.todos.append(Todo(id: id, description: "Buy milk", isComplete: true))
                    wanted = $0
                }
            case 5, 6:
                let isEditing = step == 5
                tester.send({ $0.editButtonDidTap() }) {
                    $0.isEditing = isEditing
                    wanted = $0
                }
            default:
                tester.send({ $0.clearCompletedButtonDidTap() }) {
                    $0.todos.remove(id: id)
                    wanted = $0
                }
                nextID += 1
            }
            step = (step + 1) % 8
            let outputs = tester.viewModel.outputs
            checksum.add(wanted == outputs ? 1 : 0)
            checksum.add(outputs.todos.count)
            checksum.add(outputs.todos.last?.id ?? -1)
        }
    }

    /// Whether each send's outputs were as expected, the list's length and last todo after it, and the reloads.
    var outcome: Outcome { Outcome(checksum: checksum.value, renders: tester.spy.recorder.callCount) }

    /// What a fresh workload must show after a number of sends: each as expected; one todo more than at the start
    /// after the first three sends of a round and after the fifth, and it last after the third and the fifth; one
    /// reload each.
    ///
    /// - Parameters:
    ///   - count: The sends.
    ///   - todos: The todos at the start.
    /// - Returns: The checksum and the reloads.
    nonisolated static func expected(events count: Int, todos: Int) -> Outcome {
        var checksum = Checksum()
        for event in 0..<count {
            let step = event % 8
            let added = todos + event / 8
            let hasExtra = step < 3 || step >= 4 && step < 7
            checksum.add(1)
            checksum.add(hasExtra ? todos + 1 : todos)
            let extraIsLast = step >= 2 && step != 3 && step < 7
            checksum.add(extraIsLast ? added : step < 2 && todos == 0 ? added : todos == 0 ? -1 : todos - 1)
        }
        return Outcome(checksum: checksum.value, renders: count)
    }
}
