import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// The contract explorer over the login, sign-up, home, orders and product search screens: random sequences of typing,
/// tapping and the fakes answering, with the contract checked after every step and each screen's business rules as
/// invariants. The seed is printed; rerun a failure with PUREMVVM_EXPLORE_SEED (see CONTRIBUTING). Each runs 100
/// sequences in `swift test`; CI runs them again with PUREMVVM_EXPLORE_RUNS=10000 (`.ci/run`).
@MainActor
final class ContractExplorationTests: GuardedTestCase {
    // MARK: Login

    private var authenticator = FakeAuthenticator()

    /// A fresh login screen on a fresh fake authenticator, which the steps below answer. Failure delays pass at once
    /// (their schedule is tested with a manual clock in LoginAttemptLimitTests), and the screen locks out after two
    /// failed attempts instead of three: random sequences of up to 24 steps then often retry after a failure, and
    /// about one in four hundred reaches the lock-out (with three attempts, hardly any; MVVM Input/Output's
    /// exploration locks out after one, and reaches it in most runs).
    private func makeLoginTester() -> ViewModelTester<LoginViewModel, LoginSpy> {
        authenticator = FakeAuthenticator()
        let policy = LoginFailurePolicy(maximumFailures: 2, firstDelay: .seconds(1))
        return ViewModelTester(
            LoginViewModel(authenticator: authenticator, failurePolicy: policy, clock: RecordingClock()),
            spy: LoginSpy())
    }

    func testTheLoginScreenKeepsTheContractAndItsRules() async {
        let explorer = ContractExplorer(
            makeLoginTester,
            inputs: [
                .call("usernameDidChange(_:)", with: .optionalText(around: [6, 32], including: ["dimsky"])) {
                    $0.usernameDidChange($1)
                },
                .call("passwordDidChange(_:)", with: .optionalText(around: [6, 72], including: ["balabala"])) {
                    $0.passwordDidChange($1)
                },
                .call("usernameDidEndEditing()") { $0.usernameDidEndEditing() },
                .call("passwordDidEndEditing()") { $0.passwordDidEndEditing() },
                // Valid text, and a failed sign-in, listed twice to come often enough to reach the lock-out.
                .call("usernameDidChange(_:)", with: InputArgument(["dimsky"])) { $0.usernameDidChange($1) },
                .call("passwordDidChange(_:)", with: InputArgument(["balabala"])) { $0.passwordDidChange($1) },
                .call("passwordDidChange(_:)", with: InputArgument(["balabala"])) { $0.passwordDidChange($1) },
                .call("login()") { $0.login() },
                .call("login()") { $0.login() },
                .step(#"authenticator.calls.respond(with: User(name: "dimsky"))"#) {
                    self.authenticator.calls.respond(with: User(name: "dimsky"))
                },
                .step("authenticator.calls.fail(with: .invalidCredentials)") {
                    self.authenticator.calls.fail(with: .invalidCredentials)
                },
                .step("authenticator.calls.fail(with: .invalidCredentials)") {
                    self.authenticator.calls.fail(with: .invalidCredentials)
                },
                .step("authenticator.calls.fail(with: .unavailable)") {
                    self.authenticator.calls.fail(with: .unavailable)
                },
            ])
        explorer.maximumLength = 24
        explorer.invariant("login is enabled only with both borders valid, not loading and not locked out") {
            !$0.isLoginEnabled
                || ($0.usernameBorder == .valid && $0.passwordBorder == .valid && !$0.isLoading && !$0.isLockedOut)
        }
        explorer.invariant("a locked-out screen is not loading") { !($0.isLockedOut && $0.isLoading) }
        explorer.invariant("an invalid border always says why") {
            for border in [$0.usernameBorder, $0.passwordBorder] {
                if case .invalid(let messages) = border, messages.isEmpty { return false }
            }
            return true
        }
        await explorer.run()
    }

    // MARK: Sign-up

    private var signupService = FakeSignupService()

    /// A fresh sign-up screen on a fresh fake service, which the steps below answer.
    private func makeSignupTester() -> ViewModelTester<SignupViewModel, SignupSpy> {
        signupService = FakeSignupService()
        return ViewModelTester(SignupViewModel(service: signupService), spy: SignupSpy())
    }

    func testTheSignupScreenKeepsTheContractAndItsRules() async {
        let emails = ["dimsky@example.com", " dimsky@example.com ", "dimsky@", "a@b.c"]
        let explorer = ContractExplorer(
            makeSignupTester,
            inputs: [
                .call(with: .optionalText(around: [254], including: emails)) { $0.emailDidChange($1) },
                .call(with: .optionalText(around: [6, 72], including: ["balabala"])) { $0.passwordDidChange($1) },
                .call(with: .optionalText(around: [6], including: ["balabala"])) { $0.confirmationDidChange($1) },
                .call(with: .bool) { $0.termsDidChange($1) },
                // A valid form, listed apart to come often enough to sign up.
                .call { $0.emailDidChange("dimsky@example.com") },
                .call { $0.passwordDidChange("balabala") },
                .call { $0.confirmationDidChange("balabala") },
                .call { $0.termsDidChange(true) },
                .call { $0.signUp() },
                .call { $0.signUp() },
                .step { self.signupService.calls.respond(with: User(name: "dimsky@example.com")) },
                .step { self.signupService.calls.fail(with: .emailTaken) },
                .step { self.signupService.calls.fail(with: .unavailable("down")) },
            ])
        explorer.maximumLength = 24
        explorer.invariant("sign-up is enabled only with every border valid and no sign-up running") {
            !$0.isSignUpEnabled
                || ([$0.emailBorder, $0.passwordBorder, $0.confirmationBorder, $0.termsBorder].allSatisfy(\.isValid)
                    && !$0.isLoading)
        }
        explorer.invariant("an invalid border always says why") {
            [$0.emailBorder, $0.passwordBorder, $0.confirmationBorder, $0.termsBorder].allSatisfy { border in
                !border.isInvalid || !border.messages.isEmpty
            }
        }
        await explorer.run()
    }

    // MARK: Home

    private var local = FakeProfileSource()
    private var remote = FakeProfileSource()

    /// A fresh home screen for dimsky, on fresh fake profile sources that the steps below answer.
    private func makeHomeTester() -> ViewModelTester<HomeViewModel, HomeSpy> {
        local = FakeProfileSource()
        remote = FakeProfileSource()
        let service = LayeredProfileService(local: local, remote: remote)
        return ViewModelTester(HomeViewModel(user: User(name: "dimsky"), service: service), spy: HomeSpy())
    }

    func testTheHomeScreenAndItsChildViewModelsKeepTheContractAndTheirRules() async {
        let explorer = ContractExplorer(
            makeHomeTester,
            inputs: [
                .call("viewDidAppear()") { $0.viewDidAppear() },
                .call("retryButtonDidTap()") { $0.retryButtonDidTap() },
                .call("menuCellDidSelect(at:)", with: .int(in: -1...4)) { $0.menuCellDidSelect(at: $1) },
                .call("logoutButtonDidTap()") { $0.logoutButtonDidTap() },
                .step(#"local.calls.respond(with: ProfileRecord(balance: "100", redPacket: "3"))"#) {
                    self.local.calls.respond(with: ProfileRecord(balance: "100", redPacket: "3"))
                },
                .step("local.calls.respond(with: nil)") { self.local.calls.respond(with: nil) },
                .step(#"local.calls.fail(with: .corrupt(file: "p.json", reason: .notJSON))"#) {
                    self.local.calls.fail(with: .corrupt(file: "p.json", reason: .notJSON))
                },
                .step(#"remote.calls.respond(with: ProfileRecord(balance: "-1", redPacket: "3.5"))"#) {
                    self.remote.calls.respond(with: ProfileRecord(balance: "-1", redPacket: "3.5"))
                },
                .step("remote.calls.respond(with: nil)") { self.remote.calls.respond(with: nil) },
                .step(#"remote.calls.fail(with: .unreachable(.serverUnreachable))"#) {
                    self.remote.calls.fail(with: .unreachable(.serverUnreachable))
                },
            ])
        explorer.invariant("the header greets the signed-in user") {
            $0.header.name == "dimsky" && $0.header.greeting == "你好，dimsky"
        }
        explorer.invariant("the summary cells are the balance, then the red packets, titled") {
            $0.summaryCells.map(\.kind) == [.balance, .redPackets] && $0.summaryCells.map(\.title) == ["余额", "红包"]
        }
        explorer.invariant("the menu lists every item once, in order") {
            $0.menuCells.map(\.item) == MenuItem.allCases && $0.menuCells.map(\.title) == ["我的订单", "设置", "帮助"]
        }
        explorer.invariant("a value is pending, unknown or formatted, never the server's raw text") {
            $0.summaryCells.allSatisfy { cell in
                ["…", "—"].contains(cell.value)
                    || cell.value.wholeMatch(of: /[0-9]{1,12}(\.[0-9]{1,2})?元|[0-9]{1,9}个/) != nil
            }
        }
        explorer.invariant("loaded shows values and no status line; loading and failed show one") {
            switch $0.status {
            case .loaded: $0.statusText == nil && !$0.summaryCells.contains { $0.value == "…" }
            case .loading: $0.statusText == "正在加载资料…" && $0.notice == nil
            case .failed: $0.statusText?.hasPrefix("资料加载失败") == true && $0.notice == nil
            case .empty: $0.statusText == "dimsky 还没有资料。" && $0.summaryCells.allSatisfy { $0.value == "—" }
            }
        }
        await explorer.run()
    }

    // MARK: Orders

    private var orderService = FakeOrderService()
    /// The spy of the orders screen explored now, which keeps the details screen it was handed, as a navigation
    /// stack does, until the explorer takes it.
    private weak var ordersSpy: OrdersSpy?

    /// A fresh orders screen for dimsky, in English, on a fresh fake order service that the steps below answer
    /// from the demo's orders. The search's pause passes at once (its clock is tested in OrdersViewModelTests).
    private func makeOrdersTester() -> ViewModelTester<OrdersViewModel, OrdersSpy> {
        orderService = FakeOrderService()
        savedNotes = [:]
        let orders = OrdersViewModel(
            user: User(name: "dimsky"), service: orderService, language: .english, clock: RecordingClock())
        let spy = OrdersSpy()
        ordersSpy = spy
        return ViewModelTester(orders, spy: spy)
    }

    /// The notes the service has saved for each order, in the exploration's sequence so far.
    private var savedNotes: [Order.ID: [String]] = [:]

    /// The order a note save asked for, with the note, as the service returns it once saved: the service keeps it.
    private func noted(_ request: FakeOrderService.NoteRequest) -> Order {
        var order = DemoPages.orders.first { $0.id == request.id } ?? DemoPages.orders[0]
        order.deliveryNote = request.note
        savedNotes[request.id, default: []].append(request.note)
        return order
    }

    /// The demo's order of a cancel request, as the service returns it once cancelled.
    private func cancelled(_ request: FakeOrderService.OrderRequest) -> Order {
        var order = DemoPages.orders.first { $0.id == request.id } ?? DemoPages.orders[0]
        order.status = .cancelled
        return order
    }

    func testTheOrdersScreenAndItsRowsKeepTheContractAndTheirRules() async {
        let explorer = ContractExplorer(
            makeOrdersTester,
            inputs: [
                .call("viewDidAppear()") { $0.viewDidAppear() },
                .call("refreshDidPull()") { $0.refreshDidPull() },
                .call("retryButtonDidTap()") { $0.retryButtonDidTap() },
                .call("moreButtonDidTap()") { $0.moreButtonDidTap() },
                .call("rowDidAppear(at:)", with: .int(in: 0...45)) { $0.rowDidAppear(at: $1) },
                .call("searchTextDidChange(_:)", with: InputArgument(["", "tea", " TEA ", "茶", "PM2025", "none"])) {
                    $0.searchTextDidChange($1)
                },
                .call("orderDidSelect(at:)", with: .int(in: -1...25)) { $0.orderDidSelect(at: $1) },
                // A row's cancel button, through its child ViewModel, for a row that is shown.
                .call("rowViewModel(at:).cancelButtonDidTap()", with: .int(in: 0...7)) { orders, index in
                    guard index < orders.outputs.orders.count else { return }
                    orders.rowViewModel(at: index).cancelButtonDidTap()
                },
                // The fake's calls arrive from the service's task, off the main actor: answer only a call that
                // has arrived, so the answer is the page of the query it asked (a call arriving in between would
                // otherwise get another query's page).
                .step("orderService.listings.respond(with: DemoPages.page(<the query asked for>))") {
                    guard let query = self.orderService.listings.pendingRequests.first else { return false }
                    return self.orderService.listings.respond(with: DemoPages.page(query))
                },
                .step("orderService.listings.fail(with: .serverUnreachable)") {
                    self.orderService.listings.fail(with: .serverUnreachable)
                },
                .step("orderService.cancels.respond(with: <the order, cancelled>)") {
                    guard let request = self.orderService.cancels.pendingRequests.first else { return false }
                    return self.orderService.cancels.respond(with: self.cancelled(request))
                },
                .step("orderService.cancels.fail(with: .serverUnreachable)") {
                    self.orderService.cancels.fail(with: .serverUnreachable)
                },
                .step("orderService.notes.respond(with: <the order, with the note>)") {
                    guard let request = self.orderService.notes.pendingRequests.first else { return false }
                    return self.orderService.notes.respond(with: self.noted(request))
                },
                .step("orderService.notes.fail(with: .serverUnreachable)") {
                    self.orderService.notes.fail(with: .serverUnreachable)
                },
            ])
        // The details screen an order opens, followed: its note edited, saved, the screen closed.
        explorer.pushedScreens(
            OrderDetailsViewModel.self,
            from: { if case .details = $0 { self.ordersSpy?.takeDetails() } else { nil } },
            spy: { OrderDetailsSpy() },
            inputs: [
                .call("noteDidChange(_:)", with: .optionalText(around: [3, 200], including: ["Leave it at the door."]))
                {
                    $0.noteDidChange($1)
                },
                .call("saveButtonDidTap()") { $0.saveButtonDidTap() },
                .call("alertButtonDidTap(.saveAgain)") { $0.alertButtonDidTap(.saveAgain) },
                .call("closeButtonDidTap()") { $0.closeButtonDidTap() },
            ])
        explorer.invariant("at most one note save at a time") { _ in self.orderService.notes.maximumPendingCount <= 1 }
        let positions = Dictionary(uniqueKeysWithValues: DemoPages.orders.enumerated().map { ($1.id, $0) })
        explorer.invariant("at most one page request at a time") { _ in
            self.orderService.listings.maximumPendingCount <= 1
        }
        explorer.invariant("orders are shown newest first, once each") { outputs in
            let shown = outputs.orders.compactMap { positions[$0.id] }
            return shown.count == outputs.orders.count && zip(shown, shown.dropFirst()).allSatisfy { $0 < $1 }
        }
        // A page the service sends after a save has the demo's note again (the fake pages do not keep saves): a row
        // shows the demo's note or one the service saved.
        explorer.invariant("a row is the user's order as the service has it; only a cancellable one turns cancelled") {
            outputs in
            outputs.orders.allSatisfy { row in
                guard let order = positions[row.id].map({ DemoPages.orders[$0] }) else { return false }
                let notes = [order.deliveryNote] + self.savedNotes[row.id, default: []]
                return notes.contains { note in
                    var shown = order
                    shown.status = row.status
                    shown.deliveryNote = note
                    return row == OrderRow(shown, language: .english)
                } && (row.status == order.status || (row.status == .cancelled && order.isCancellable))
            }
        }
        explorer.invariant("every row matches the search shown") { outputs in
            let query = OrderQuery(username: "dimsky", search: outputs.search)
            return outputs.orders.allSatisfy { row in
                positions[row.id].map { query.matches(DemoPages.orders[$0]) } ?? false
            }
        }
        explorer.invariant("no orders before the first page; a sentence for every phase but loaded") {
            ($0.phase != .loading || $0.orders.isEmpty) && (($0.phaseText == nil) == ($0.phase == .loaded))
        }
        explorer.invariant("a sentence below the rows only when there are rows and no more to load") {
            ($0.pagingText != nil) == (!$0.orders.isEmpty && $0.paging != .more)
        }
        await explorer.run()
    }

    // MARK: Product search

    private var catalogue = FakeCatalogue()

    /// A fresh product search in English on a fresh fake catalogue, which the steps answer. Typing's pause passes at
    /// once (its clock is tested in ProductSearchViewModelTests).
    private func makeSearchTester() -> ViewModelTester<ProductSearchViewModel, ReloadSpy<ProductSearchOutputs>> {
        catalogue = FakeCatalogue()
        return ViewModelTester(
            ProductSearchViewModel(catalogue: catalogue, language: .english, clock: RecordingClock()),
            spy: ReloadSpy())
    }

    func testTheProductSearchKeepsTheContractAndItsRules() async {
        let explorer = ContractExplorer(makeSearchTester, inputs: SearchRules.inputs { self.catalogue })
        SearchRules.add(to: explorer)
        await explorer.run()
    }
}
