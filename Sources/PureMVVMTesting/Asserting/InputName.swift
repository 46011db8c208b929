internal import Foundation

/// Names an input in failure messages by the code the test wrote, such as `usernameDidChange("dim")`, read from
/// the test's own source at the call's line and column; falls back to `the input at File.swift:42`.
///
/// The code is found with ``SourceScanner``, so string literals (with quotes, brackets, escapes,
/// interpolations, raw and multi-line strings), comments and closures over several lines are read whole. A
/// `send`'s closure is named by its body, without `$0.` (`{ $0.login() }` is `login()`); statements on several
/// lines are joined with `; `. Any other call at the location, such as a helper that passed its caller's
/// location on, is named by the call itself (`typeUsername(tester, "dim")`).
enum InputName {
    /// The longest name, in characters; a longer one is cut with `…`.
    static let maximumLength = 120

    private struct Key: Hashable {
        let file: UInt
        let line: UInt
        let column: UInt
    }

    @MainActor private static var names: [Key: String] = [:]

    /// The name of the input sent at `location`, in backticks, or the fallback.
    @MainActor
    static func at(_ location: FailureLocation) -> String {
        let key = Key(
            file: location.filePath.hasPointerRepresentation ? UInt(bitPattern: location.filePath.utf8Start) : 0,
            line: location.line, column: location.column)
        if let name = names[key] { return name }
        let name =
            SourceFile.at("\(location.filePath)").name(line: Int(location.line), column: Int(location.column)).map {
                "`\($0)`"
            }
            ?? "the input at \(location.fileID):\(location.line)"
        // `0` stands for every file without an address: no name is kept under it.
        if key.file != 0 { names[key] = name }
        return name
    }

    /// The code at a line and column of a source text, as ``at(_:)`` names it (without backticks).
    static func name(in source: String, line: Int, column: Int) -> String? {
        SourceFile(bytes: Array(source.utf8)).name(line: line, column: column)
    }
}
