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
            tester.exhaustivity = .on
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
            explorer.runs = 300
            await explorer.run()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("1. a()\n  2. b()\n  3. c()\nWhat failed:") }
        }
    }

    @Test func theWatchdogWatchesEachTestOfTheSuite() throws {
        let test = try #require(Test.current)
        #expect(TestWatchdog.shared?.runningTests.contains("\(test.id)") == true)
    }
}
