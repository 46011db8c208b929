/// Registers an object that must be freed by the end of the running Swift Testing test, which must have the
/// `.trackingLeaks` trait; child ViewModels its `ChildViewModels` keep are followed too.
///
/// ```swift
/// @Test(.trackingLeaks) func theOrdersScreenIsFreed() async {
///     let viewModel = trackForLeaks(OrdersViewModel(service: FakeOrders()))
///     // … the test …
/// }
/// ```
///
/// In an `XCTestCase`, the test case's own `trackForLeaks(_:)` is the one called.
///
/// - Parameters:
///   - object: The object; held weakly.
///   - fileID: Where it was registered; a leak is reported here.
///   - filePath: Where it was registered.
///   - line: Where it was registered.
///   - column: Where it was registered.
/// - Returns: `object`, so registering can wrap its creation.
@MainActor
@discardableResult
public func trackForLeaks<Object: AnyObject>(
    _ object: Object,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> Object {
    guard let tracker = LeakTracker.current else {
        FailureReporter.fail(
            """
            trackForLeaks(_:) found no leak tracker for this test, so \(type(of: object)) would never be checked.
            To fix: mark the test (or its suite) with the trait: `@Test(.trackingLeaks)`; in an XCTestCase, call \
            the test case's own trackForLeaks(_:), or use a LeakTracker and verify() it.
            """,
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return object
    }
    return tracker.track(object, fileID: fileID, filePath: filePath, line: line, column: column)
}
