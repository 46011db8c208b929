/// No `Fixtures` folder was found above a test's source file.
public struct FixtureFolderError: Error, CustomStringConvertible {
    /// The source file the search started from.
    public let searchedFrom: String

    /// Says where the search started and how to fix it.
    public var description: String {
        "No Fixtures folder above \(searchedFrom). To fix: keep test data in <package>/Fixtures/."
    }
}
