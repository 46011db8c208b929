import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

// Child ViewModels have internal initialisers (only HomeViewModel makes them); the tests build expected
// values with them through @testable.
@testable import LoginFeature

@MainActor
final class HomeViewModelTests: GuardedTestCase {
    private let dimsky = User(name: "dimsky")
    private let record = ProfileRecord(balance: "100", redPacket: "3")

    /// The summary cells showing two values, titled in a language.
    private func cells(_ language: HomeLanguage, _ balance: String, _ redPackets: String) -> [SummaryCellViewModel] {
        let chinese = language == .chinese
        return [
            SummaryCellViewModel(kind: .balance, title: chinese ? "余额" : "Balance", value: balance),
            SummaryCellViewModel(kind: .redPackets, title: chinese ? "红包" : "Red packets", value: redPackets),
        ]
    }

    private func makeTester(language: HomeLanguage = .chinese) -> (
        ViewModelTester<HomeViewModel, HomeSpy>, local: FakeProfileSource, remote: FakeProfileSource
    ) {
        let local = FakeProfileSource()
        let remote = FakeProfileSource()
        let home = HomeViewModel(
            user: dimsky,
            service: LayeredProfileService(local: local, remote: remote),
            language: language
        )
        return (ViewModelTester(home, spy: HomeSpy()), local, remote)
    }

    func testTheFirstScreenShowsTheUserAndLoading() async {
        let (tester, _, _) = makeTester()
        let outputs = tester.viewModel.outputs
        XCTAssertEqual(outputs.status, .loading)
        XCTAssertEqual(outputs.statusText, "正在加载资料…")
        XCTAssertEqual(outputs.header.greeting, "你好，dimsky")
        XCTAssertEqual(outputs.summaryCells.map(\.value), ["…", "…"])
        XCTAssertEqual(outputs.menuCells.map(\.title), ["我的订单", "设置", "帮助"])
    }

    func testAUserWithAFullNameIsGreetedByItAndTheProfileIsStillTheAccountNames() async throws {
        for (language, greeting) in [(HomeLanguage.chinese, "你好，Ada Lovelace"), (.english, "Hello, Ada Lovelace")] {
            let local = FakeProfileSource()
            let home = HomeViewModel(
                user: User(name: "ldapuser1", fullName: "Ada Lovelace"),
                service: LayeredProfileService(local: local, remote: FakeProfileSource()), language: language)
            let tester = ViewModelTester(home, spy: HomeSpy())
            XCTAssertEqual(home.outputs.header, HeaderViewModel(name: "ldapuser1", greeting: greeting))
            tester.send { $0.viewDidAppear() }
            let request = try await local.calls.next()
            XCTAssertEqual(request, "ldapuser1", "the profile belongs to the account, not to the full name")
            local.calls.respond(with: record)
            await tester.receiveReload {
                $0.status = .loaded
                $0.statusText = nil
                $0.summaryCells =
                    language == .chinese ? cells(.chinese, "100元", "3个") : cells(.english, "100 yuan", "3")
            }
            XCTAssertEqual(home.outputs.header.greeting, greeting, "loading leaves the greeting")
        }
    }

    func testLocalHitFormatsTheSeedsValues() async throws {
        let (tester, local, remote) = makeTester()
        tester.send { $0.viewDidAppear() }  // already showing loading: no reload
        let request = try await local.calls.next()
        XCTAssertEqual(request, "dimsky")
        local.calls.respond(with: record)
        await tester.receiveReload {
            $0.status = .loaded
            $0.statusText = nil
            $0.summaryCells = cells(.chinese, "100元", "3个")
        }
        XCTAssertEqual(remote.calls.requests, [], "a local hit never asks the remote source")
    }

    func testEnglishRendering() async throws {
        let (tester, local, _) = makeTester(language: .english)
        tester.send { $0.viewDidAppear() }
        _ = try await local.calls.next()
        local.calls.respond(with: ProfileRecord(balance: "12.50", redPacket: "1"))
        await tester.receiveReload {
            $0.status = .loaded
            $0.statusText = nil
            $0.summaryCells = cells(.english, "12.50 yuan", "1")
        }
        XCTAssertEqual(tester.viewModel.outputs.header.greeting, "Hello, dimsky")
    }

    func testLocalMissFallsBackToRemote() async throws {
        let (tester, local, remote) = makeTester()
        tester.send { $0.viewDidAppear() }
        _ = try await local.calls.next()
        local.calls.respond(with: nil)
        let remoteRequest = try await remote.calls.next()
        XCTAssertEqual(remoteRequest, "dimsky")
        remote.calls.respond(with: record)
        await tester.receiveReload {
            $0.status = .loaded
            $0.statusText = nil
            $0.summaryCells = cells(.chinese, "100元", "3个")
        }
    }

    func testLocalFailureFallsBackToRemoteWithANotice() async throws {
        let (tester, local, remote) = makeTester(language: .english)
        tester.send { $0.viewDidAppear() }
        _ = try await local.calls.next()
        local.calls.fail(with: .corrupt(file: "profiles.json", reason: .notJSON))
        _ = try await remote.calls.next()
        remote.calls.respond(with: record)
        await tester.receiveReload {
            $0.status = .loaded
            $0.statusText = nil
            $0.notice = """
                The local profile store was skipped (profiles.json is not a valid profile file: not JSON); \
                showing the server's copy.
                """
            $0.summaryCells = cells(.english, "100 yuan", "3")
        }
    }

    func testNoProfileAnywhereIsTheEmptyState() async throws {
        let (tester, local, remote) = makeTester(language: .english)
        tester.send { $0.viewDidAppear() }
        _ = try await local.calls.next()
        local.calls.respond(with: nil)
        _ = try await remote.calls.next()
        remote.calls.respond(with: nil)
        await tester.receiveReload {
            $0.status = .empty
            $0.statusText = "No profile for dimsky yet."
            $0.summaryCells = cells(.english, "—", "—")
        }
        tester.send { $0.viewDidAppear() }  // nothing to reload: not loaded again
        XCTAssertEqual(local.calls.requests.count, 1)
    }

    func testBothSourcesFailingIsTheErrorStateAndRetryLoadsAgain() async throws {
        let (tester, local, remote) = makeTester(language: .english)
        tester.send { $0.viewDidAppear() }
        _ = try await local.calls.next()
        local.calls.fail(with: .unreachable(.text("disk unavailable")))
        _ = try await remote.calls.next()
        remote.calls.fail(with: .unreachable(.serverUnreachable))
        await tester.receiveReload {
            $0.status = .failed
            $0.statusText = "Could not load the profile: the profile server cannot be reached."
        }

        tester.send({ $0.retryButtonDidTap() }) {
            $0.status = .loading
            $0.statusText = "Loading profile…"
        }
        _ = try await local.calls.next()
        local.calls.respond(with: record)
        await tester.receiveReload {
            $0.status = .loaded
            $0.statusText = nil
            $0.summaryCells = cells(.english, "100 yuan", "3")
        }
        tester.send { $0.retryButtonDidTap() }  // loaded: retry is ignored
    }

    func testMalformedValuesAreNeverShownRaw() async throws {
        let cases: [(String, String, String, String)] = [
            ("abc", "x", "—", "—"),
            ("-5", "-1", "—", "—"),
            ("1e3", "3.0", "—", "—"),
            ("", "", "—", "—"),
            ("100.505", "007", "—", "7个"),
            ("0", "0", "0元", "0个"),
            ("\u{1B}[31m100", "3\n", "—", "—"),
        ]
        for (balance, redPacket, shownBalance, shownPackets) in cases {
            let (tester, local, _) = makeTester()
            tester.strictness = .partial
            tester.send { $0.viewDidAppear() }
            _ = try await local.calls.next()
            local.calls.respond(with: ProfileRecord(balance: balance, redPacket: redPacket))
            await tester.receiveReload()
            XCTAssertEqual(
                tester.viewModel.outputs.summaryCells.map(\.value),
                [shownBalance, shownPackets],
                "\(balance.debugDescription), \(redPacket.debugDescription)"
            )
        }
    }

    func testSelectingAMenuCellIsADelegateCall() async {
        let (tester, _, _) = makeTester()
        tester.send { $0.menuCellDidSelect(at: 1) }
        await tester.receive(.menu(.settings))
        tester.send { $0.menuCellDidSelect(at: 3) }  // out of range: ignored
        tester.send { $0.menuCellDidSelect(at: -1) }
    }

    func testLogoutReturnsToLogin() async {
        let (tester, _, _) = makeTester()
        tester.send { $0.logoutButtonDidTap() }
        await tester.receive(.logout)
    }

    /// Logging out cancels the load; the cancelled load ends without a reload (no failure shown after the user
    /// left): once the work has settled, a reload it made would fail the next `send` as unasserted.
    func testLoggingOutCancelsTheLoadWhichEndsWithoutAReload() async throws {
        let (tester, local, _) = makeTester()
        tester.send { $0.viewDidAppear() }
        _ = try await local.calls.next()
        tester.send { $0.logoutButtonDidTap() }
        await tester.receive(.logout)
        XCTAssertEqual(local.calls.pendingCount, 0, "the load was cancelled")
        await tester.settle()
        tester.send { $0.viewDidAppear() }  // a new load
        _ = try await local.calls.next()
        XCTAssertEqual(tester.viewModel.outputs.status, .loading, "never shown as failed")
        local.calls.respond(with: record)
        await tester.receiveReload {
            $0.status = .loaded
            $0.statusText = nil
            $0.summaryCells = self.cells(.chinese, "100元", "3个")
        }
    }

    func testAHomeScreenFreedMidLoadSendsNothing() async throws {
        let local = FakeProfileSource()
        let view = HomeSpy()
        do {
            let home = HomeViewModel(user: dimsky, service: LayeredProfileService(local: local, remote: local))
            home.delegate = view
            home.viewDidAppear()
            _ = try await local.calls.next()
            trackForLeaks(home)
        }
        XCTAssertEqual(local.calls.pendingCount, 0, "freeing the ViewModel cancelled the load")
        XCTAssertEqual(view.recorder.callCount, 0)
    }
}
