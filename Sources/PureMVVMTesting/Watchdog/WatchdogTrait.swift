public import Testing

// TestScoping, which lets a trait run code around each test, came with Swift 6.1.
#if compiler(>=6.1)
    /// Puts a Swift Testing suite or test under ``TestWatchdog``: the run ends, naming the test, when no watched test
    /// starts or ends for the watchdog's limit while one runs.
    ///
    /// XCTest tests are watched without it; Swift Testing has no observer a library can install, so each suite opts
    /// in, and every test in it is watched:
    ///
    /// ```swift
    /// @Suite(.watchdog)
    /// struct LoginSuite { … }
    /// ```
    public struct WatchdogTrait: SuiteTrait, TestTrait, TestScoping {
        /// Every test of a suite is watched, including those in nested suites.
        public var isRecursive: Bool { true }

        /// Watches the test functions; a suite itself is not a test.
        ///
        /// - Parameters:
        ///   - test: The test or suite the trait applies to.
        ///   - testCase: The test case, for a parameterized test.
        /// - Returns: The trait for a test function, `nil` for a suite.
        public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
            test.isSuite ? nil : self
        }

        /// Runs the test, telling the watchdog when it starts and ends.
        ///
        /// - Parameters:
        ///   - test: The test.
        ///   - testCase: The test case, for a parameterized test.
        ///   - function: Runs the test.
        /// - Throws: What the test throws.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            let name = "\(test.id)"
            TestWatchdog.testDidStart(name)
            defer { TestWatchdog.testDidEnd(name) }
            try await function()
        }
    }

    extension Trait where Self == WatchdogTrait {
        /// Puts the suite or test under ``TestWatchdog``, which ends a run that a stuck test keeps from making progress.
        public static var watchdog: Self { WatchdogTrait() }
    }
#endif
