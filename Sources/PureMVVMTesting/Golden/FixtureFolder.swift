public import Foundation

/// Finds files under the package's `Fixtures/` folder from a test's source path, never from the current
/// directory, so tests run the same from any working directory.
public enum FixtureFolder {
    /// The URL of a file or folder under `Fixtures/`.
    ///
    /// The folder is the first `Fixtures` directory found walking up from `filePath`.
    ///
    /// - Parameters:
    ///   - path: The path below `Fixtures/`, such as `"validation/login-standard.table"`.
    ///   - filePath: The calling test's source file; leave the default.
    /// - Returns: The URL (the file need not exist yet).
    /// - Throws: ``FixtureFolderError`` when no `Fixtures` folder is above `filePath`.
    public static func url(_ path: String, filePath: StaticString = #filePath) throws(FixtureFolderError) -> URL {
        try root(from: "\(filePath)").appendingPathComponent(path)
    }

    static func root(from filePath: String) throws(FixtureFolderError) -> URL {
        var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("Fixtures")
            if (try? candidate.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true { return candidate }
            directory.deleteLastPathComponent()
        }
        throw FixtureFolderError(searchedFrom: filePath)
    }
}
