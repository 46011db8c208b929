/// Where an ``OutputStore`` keeps its outputs and what it needs during a reload: the one place in the store that
/// trades a language check for speed.
///
/// Swift checks at run time that no two accesses to a class's stored property overlap, with two calls into the
/// runtime per access, and every input event makes several accesses. Here no two accesses can overlap, so the
/// properties are `@exclusivity(unchecked)`:
/// - the store copies the outputs before an update's body runs and writes the edit back after it returns, so the
///   body edits a local copy, never the cell;
/// - every other write is a plain assignment or swap with no user code inside it (a key path's computed setter
///   that reached back into its own store would be the one exception);
/// - the view is called only once the writes are done, and an `update` or `set` made from inside an update's body
///   is stopped by the `isUpdating` precondition.
///
/// What the checks would cost is in the Performance article ("Why the code is shaped this way").
@MainActor
@usableFromInline
final class OutputCell<Outputs: ViewOutputs> {
    // The two fixed-size properties come first, so that their place in the object does not depend on `Outputs`.

    /// Whether an update's body is running.
    @exclusivity(unchecked) @usableFromInline var isUpdating = false
    /// Which reload is in progress, and so which of the properties after `outputs` hold its baseline.
    @exclusivity(unchecked) @usableFromInline var reload = ReloadKind.none
    /// The current outputs.
    @exclusivity(unchecked) @usableFromInline var outputs: Outputs
    /// The outputs before the update being reloaded.
    @exclusivity(unchecked) @usableFromInline var outputsBefore: Outputs?
    // What a `set` replaced, in three plain properties rather than one `ReplacedOutput?`: a generic struct holding
    // a key path and an `Any?` is copied and destroyed through value witnesses on every `set`, and these are not.
    // `replaced` puts them together when a view asks for row changes.

    /// Where the output the `set` being reloaded replaced is.
    @exclusivity(unchecked) @usableFromInline var replacedKeyPath: PartialKeyPath<Outputs>?
    /// That output's size in bytes.
    @exclusivity(unchecked) @usableFromInline var replacedSize = 0
    /// That output's old value when it is ``Rows``.
    @exclusivity(unchecked) @usableFromInline var replacedRows: Any?

    /// The output the `set` being reloaded replaced, if a `set` is being reloaded.
    @usableFromInline var replaced: ReplacedOutput<Outputs>? {
        guard reload == .set, let replacedKeyPath else { return nil }
        return ReplacedOutput(keyPath: replacedKeyPath, size: replacedSize, rows: replacedRows)
    }

    /// Creates a cell holding the outputs a screen starts with.
    ///
    /// - Parameter outputs: The first outputs.
    @usableFromInline
    init(_ outputs: Outputs) {
        self.outputs = outputs
    }
}
