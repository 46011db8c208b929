#if compiler(>=6.1)
    public import Testing

    /// Checks, at the end of each Swift Testing test it marks, that the objects the test passed to
    /// ``trackForLeaks(_:fileID:filePath:line:column:)`` are freed: the Swift Testing form of XCTest's
    /// `trackForLeaks(_:)`.
    ///
    /// ```swift
    /// @Test(.trackingLeaks) func theOrdersScreenIsFreed() async {
    ///     let viewModel = trackForLeaks(OrdersViewModel(service: FakeOrders()))
    ///     let tester = ViewModelTester(viewModel, spy: OrdersSpy())
    ///     // … the test …
    /// }
    /// ```
    ///
    /// After the test's body returns (its locals freed), the trait lets the main actor run once and fails for
    /// each tracked object still alive, and each child ViewModel its `ChildViewModels` kept. On a suite, it marks
    /// every test of the suite.
    public struct TrackingLeaksTrait: TestTrait, SuiteTrait, TestScoping {
        /// The trait applies to every test of a suite it marks.
        public var isRecursive: Bool { true }

        /// A scope for each test case, none for a suite itself.
        ///
        /// - Parameters:
        ///   - test: The test or suite.
        ///   - testCase: The test case about to run, `nil` for the test or suite as a whole.
        /// - Returns: The trait, for a test case.
        public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
            testCase == nil ? nil : self
        }

        /// Runs the test with a leak tracker of its own, then verifies it.
        ///
        /// - Parameters:
        ///   - test: The test.
        ///   - testCase: The test case.
        ///   - function: The test's body.
        /// - Throws: What the test's body throws.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            let tracker = await LeakTracker()
            try await LeakTracker.$current.withValue(tracker) { try await function() }
            await tracker.verify()
        }
    }

    extension Trait where Self == TrackingLeaksTrait {
        /// Checks that the objects the test passes to ``trackForLeaks(_:fileID:filePath:line:column:)`` are freed
        /// by its end.
        public static var trackingLeaks: Self { TrackingLeaksTrait() }
    }
#endif
