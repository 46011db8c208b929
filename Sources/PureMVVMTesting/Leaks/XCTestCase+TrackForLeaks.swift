public import XCTest

extension XCTestCase {
    /// Fails the test if `object` is still alive when the test's teardown runs, after one main-actor turn.
    ///
    /// ```swift
    /// let viewModel = LoginViewModel(authenticator: fake)
    /// trackForLeaks(viewModel)
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object; held weakly.
    ///   - fileID: Where it was registered; a leak is reported here.
    ///   - filePath: Where it was registered.
    ///   - line: Where it was registered.
    ///   - column: Where it was registered.
    @MainActor
    public func trackForLeaks(
        _ object: AnyObject,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let tracker = LeakTracker()
        tracker.track(object, fileID: fileID, filePath: filePath, line: line, column: column)
        // Reports go where they went when the object was registered (the module's own tests capture them).
        let sink = FailureReporter.sink
        addTeardownBlock { @MainActor in
            await FailureReporter.$sink.withValue(sink) {
                await tracker.verify()
            }
        }
    }
}
