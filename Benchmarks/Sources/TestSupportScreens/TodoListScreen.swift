internal import PureMVVM

/// TCA's Todos on the toolkit, as its port in issue 43 was: a list of todos shown through a filter, with an edit
/// mode beside it. Completing a todo sorts the completed ones to the end.
struct TodoListOutputs: ViewOutputs {
    /// One todo.
    struct Todo: Identifiable, Equatable, Sendable {
        var id: Int
        var description: String
        var isComplete: Bool
    }

    /// Which todos are shown.
    enum Filter: Equatable, Sendable {
        case all, active, completed

        /// Whether the filter lets a todo through.
        func shows(_ todo: Todo) -> Bool {
            switch self {
            case .all: true
            case .active: !todo.isComplete
            case .completed: todo.isComplete
            }
        }
    }

    var todos: Rows<Todo>
    var filter = Filter.all
    var isEditing = false

    enum Field: Int, OutputField { case todos, filter, isEditing }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .todos: todos != old.todos
        case .filter: filter != old.filter
        case .isEditing: isEditing != old.isEditing
        }
    }

    /// `count` active todos, each with a description too long to be kept inside its `String` value.
    static func todos(_ count: Int) -> [Todo] {
        (0..<count).map { Todo(id: $0, description: "Todo \($0) of the weekly list", isComplete: false) }
    }
}

/// The todo list's ViewModel, on the toolkit: it keeps every todo and shows those its filter lets through.
@MainActor
final class TodoListViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<TodoListOutputs>)?
    var outputs: TodoListOutputs { store.outputs }
    private let store: OutputStore<TodoListOutputs>
    private var all: [TodoListOutputs.Todo]
    private var nextID: Int

    init(todos: Int) {
        all = TodoListOutputs.todos(todos)
        nextID = todos
        store = OutputStore(TodoListOutputs(todos: Rows(all)))
    }

    /// Adds an empty todo at the top.
    func addButtonDidTap() {
        all.insert(TodoListOutputs.Todo(id: nextID, description: "", isComplete: false), at: 0)
        nextID += 1
        show()
    }

    /// Changes a todo's description.
    func descriptionDidChange(id: Int, to description: String) {
        change(id: id) { $0.description = description }
    }

    /// Completes a todo, or makes it active again, and sorts the completed ones to the end.
    func completeButtonDidTap(id: Int) {
        change(id: id) { $0.isComplete.toggle() }
    }

    /// Shows all, the active or the completed todos.
    func filterDidPick(_ filter: TodoListOutputs.Filter) {
        store.update(notifying: delegate) { outputs in
            outputs.filter = filter
            outputs.todos = Rows(all.filter(filter.shows))
        }
    }

    /// Turns edit mode on or off.
    func editButtonDidTap() {
        store.update(notifying: delegate) { $0.isEditing.toggle() }
    }

    /// Removes the completed todos.
    func clearCompletedButtonDidTap() {
        all.removeAll(where: \.isComplete)
        show()
    }

    private func change(id: Int, _ body: (inout TodoListOutputs.Todo) -> Void) {
        guard let index = all.firstIndex(where: { $0.id == id }) else { return }
        body(&all[index])
        let active = all.filter { !$0.isComplete }
        all = active + all.filter(\.isComplete)
        show()
    }

    private func show() {
        store.update(notifying: delegate) { outputs in
            outputs.todos = Rows(all.filter(outputs.filter.shows))
        }
    }
}
