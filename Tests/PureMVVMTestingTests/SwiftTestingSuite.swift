import PureMVVM
import Testing

@testable import PureMVVMTesting

/// The same assertions from Swift Testing: failures go to `Issue.record`.
@MainActor
@Suite("ViewModelTester under Swift Testing", .watchdog)
struct ViewModelTesterSwiftTestingSuite {
    @Test func aGoodViewModelPasses() {
        let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
        tester.send({ $0.incrementButtonDidTap() }) {
            $0.count = 1
            $0.title = "Count: 1"
        }
    }

    @Test func aBrokenViewModelRecordsAnIssue() {
        withKnownIssue("ForgetfulViewModel changes an output without a reload") {
            let tester = ViewModelTester(ForgetfulViewModel(), spy: CounterSpy())
            tester.send({ $0.incrementButtonDidTap() }) { $0.count = 1 }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("without a reload") }
        }
    }

    @Test func anUnassertedCallRecordsAnIssueAtTheEnd() {
        withKnownIssue("the alert is never received") {
            let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            tester.strictness = .exhaustive
            for count in 1...3 {
                tester.send({ $0.incrementButtonDidTap() }) {
                    $0.count = count
                    $0.title = "Count: \(count)"
                }
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("was not asserted by the end of the test") }
        }
    }

    @Test func theExplorerRecordsOneIssueWithTheShrunkSequence() async {
        await withKnownIssue("the lock opens without a reload after a(), b(), c()") {
            let explorer = ContractExplorer(
                { ViewModelTester(CombinationLockViewModel(), spy: ReloadSpy()) },
                inputs: [
                    .call("a()") { $0.a() },
                    .call("b()") { $0.b() },
                    .call("c()") { $0.c() },
                    .call("reset()") { $0.reset() },
                ])
            explorer.seed = 1
            explorer.usesEnvironment = false
            explorer.runs = 300
            await explorer.run()
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("1. a()\n  2. b()\n  3. c()\nWhat failed:")
                    && $0.rawValue.contains("    @Test func exploredSequenceSeed1() async {\n")
            }
        }
    }

    /// Pasted as printed above, it fails as the explorer did.
    @Test func thePrintedSwiftTestingReproductionFailsTheSameWay() async {
        await withKnownIssue("the lock opens without a reload") {
            let tester = ViewModelTester(CombinationLockViewModel(), spy: ReloadSpy())
            tester.strictness = .partial
            tester.send({ $0.a() })
            await tester.settle()
            tester.send({ $0.b() })
            await tester.settle()
            tester.send({ $0.c() })
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("`c()` changed progress (2 → 3)") }
        }
    }

    @Test func theWatchdogWatchesEachTestOfTheSuite() throws {
        let test = try #require(Test.current)
        #expect(TestWatchdog.shared?.runningTests.contains("\(test.id)") == true)
    }

    /// The trait tells the watchdog a test ended as well as started: inside one more scope of the trait this test is
    /// running once more, after it as often as before.
    @Test func theWatchdogSeesEachTestEnd() async throws {
        let test = try #require(Test.current)
        let watchdog = try #require(TestWatchdog.shared)
        let name = "\(test.id)"
        let outside = watchdog.runningTests.filter { $0 == name }.count
        #expect(outside >= 1)
        try await WatchdogTrait().provideScope(for: test, testCase: Test.Case.current) {
            #expect(watchdog.runningTests.filter { $0 == name }.count == outside + 1)
        }
        #expect(watchdog.runningTests.filter { $0 == name }.count == outside)
    }
}

/// Leak tracking under Swift Testing: the `.trackingLeaks` trait and the global `trackForLeaks(_:)`.
@MainActor
@Suite("Leak tracking under Swift Testing", .watchdog)
struct LeakTrackingSwiftTestingSuite {
    @Test(.trackingLeaks) func aFreedViewModelAndItsChildrenPass() {
        let parent = trackForLeaks(FolderViewModel())
        _ = parent.child(for: Ticket(id: 1, title: "T1", status: "open"))
        let tester = ViewModelTester(trackForLeaks(CounterViewModel()), spy: CounterSpy())
        tester.send({ $0.titleFieldDidChange("x") }) { $0.title = "x" }
    }

    @Test func theTraitReportsALeakAndALeakedChildAtTheEndOfTheTest() async throws {
        let test = try #require(Test.current)
        let reports = try await FailureReporter.capture {
            try await TrackingLeaksTrait().provideScope(for: test, testCase: Test.Case.current) {
                await MainActor.run {
                    trackForLeaks(LeakyViewModel()).viewDidLoad()
                    let parent = trackForLeaks(FolderViewModel())
                    parent.child(for: Ticket(id: 4, title: "T4", status: "open")).holdOnToItself()
                }
            }
        }
        #expect(reports.failures.count == 2)
        #expect(reports.messages.contains { $0.hasPrefix("LeakyViewModel was not freed by the end of the test.") })
        #expect(
            reports.messages.contains { $0.contains("(the child ViewModel of the row with ID 4 in FolderViewModel)") })
        #expect(reports.messages.allSatisfy { $0.split(separator: "\n").last?.hasPrefix("To fix: ") == true })
    }

    @Test func theTraitMarksEachTestCaseAndNotTheSuite() {
        let trait: TrackingLeaksTrait = .trackingLeaks
        let test = Test.current
        #expect(trait.isRecursive)
        #expect(test.map { trait.scopeProvider(for: $0, testCase: nil) == nil } == true)
        #expect(test.map { trait.scopeProvider(for: $0, testCase: Test.Case.current) != nil } == true)
    }
}

/// `expectFailure(containing:)` under Swift Testing: what it does not expect is recorded as an issue.
@MainActor
@Suite("expectFailure under Swift Testing", .watchdog)
struct ExpectFailureSwiftTestingSuite {
    @Test func anExpectedFailureRecordsNoIssue() async {
        await expectFailure(containing: "without a reload") {
            let tester = ViewModelTester(ForgetfulViewModel(), spy: CounterSpy())
            tester.send({ $0.incrementButtonDidTap() }) { $0.count = 1 }
        }
    }

    @Test func aMissingFailureRecordsAnIssue() async {
        await withKnownIssue("nothing fails in the body") {
            await expectFailure(containing: "was not freed") {}
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("but no check of PureMVVMTesting failed in its body") }
        }
    }

    /// A report that reaches the body's capture after the body returned is recorded as the issue it is.
    @Test func aFailureReportedAfterTheBodyIsRecorded() async {
        var bodySink: FailureSink?
        await expectFailure(containing: "the bug") {
            bodySink = FailureReporter.sink
            FailureReporter.fail(
                "the bug", at: FailureLocation(fileID: #fileID, filePath: #filePath, line: 1, column: 1))
        }
        withKnownIssue("a leak found at teardown") {
            FailureReporter.$sink.withValue(bodySink) {
                FailureReporter.fail(
                    "a leak found at teardown",
                    at: FailureLocation(fileID: #fileID, filePath: #filePath, line: 1, column: 1))
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "a leak found at teardown" }
        }
    }
}
