import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// What a tester checks of the testers linked to it: its settle checks each of them, a pushed screen's included, and
/// a parent's reload of a row is taken as asserted only when the child shows that row.
@MainActor
final class LinkedTesterChecksTests: GuardedTestCase {
    private func makeBasket() -> ViewModelTester<BasketViewModel, BasketSpy> {
        let tester = ViewModelTester(BasketViewModel(), spy: BasketSpy())
        tester.send({ $0.viewDidAppear() }) { $0.items = [BasketItem(id: 1, count: 1), BasketItem(id: 2, count: 1)] }
        return tester
    }

    private func item(
        _ id: Int, of basket: ViewModelTester<BasketViewModel, BasketSpy>
    ) throws -> ViewModelTester<BasketItemViewModel, ReloadSpy<BasketItemOutputs>> {
        _ = basket.viewModel.itemViewModel(id: id)
        return try basket.child(BasketItemViewModel.self, id: id, in: \.items, row: \.item, spy: ReloadSpy())
    }

    /// Each child changes its count without a reload in work that the parent's settle lets run: the settle finds
    /// both, one failure each.
    func testASettleChecksEveryTesterLinkedToIt() async throws {
        let reports = try await FailureReporter.capture {
            let basket = makeBasket()
            let first = try item(1, of: basket)
            let second = try item(2, of: basket)
            first.send { $0.countLaterWithoutAReload() }
            second.send { $0.countLaterWithoutAReload() }
            await basket.settle()
        }
        XCTAssertEqual(
            reports.failures.filter { $0.message.contains("Work that ran while the test settled changed item") }.count,
            2, "\(reports.messages)")
    }

    /// The pushed screen's work changes an output without a reload: the screen that pushed it finds it when it
    /// settles, not only the pushed screen's tester at its end.
    func testASettleChecksThePushedScreen() async throws {
        let reports = try await FailureReporter.capture {
            let basket = makeBasket()
            basket.send { $0.checkoutButtonDidTap() }
            let pushed = await basket.receive { if case .checkout(let screen) = $0 { screen } else { nil } }
            let checkout = try XCTUnwrap(pushed)
            let screen = basket.pushedScreen(checkout, spy: ReloadSpy())
            screen.send { $0.payLaterWithoutAReload() }
            await basket.settle()
        }
        assertOneFailure(reports, containing: "Work that ran while the test settled changed isPaid (false → true)")
    }

    /// A pushed screen's finish() checks its own work while the screen that pushed it goes on: a payment still
    /// waiting fails there, before the screen is let go (which cancels it).
    func testAPushedScreensFinishReportsItsOwnWorkStillWaiting() async throws {
        let payments = PendingCalls<Int, Bool, CancellationError>(whenCancelled: CancellationError(), label: "payments")
        let reports = try await FailureReporter.capture {
            let basket = makeBasket()
            basket.send { $0.checkoutButtonDidTap() }
            let pushed = await basket.receive { if case .checkout(let screen) = $0 { screen } else { nil } }
            let screen = basket.pushedScreen(try XCTUnwrap(pushed), spy: ReloadSpy())
            screen.send { $0.payButtonDidTap(via: payments) }
            _ = try await payments.next()
            await screen.finish()
        }
        assertOneFailure(
            reports, containing: "1 piece of async work is still unfinished at finish():",
            "PendingCalls \"payments\": the call 1 still waits for an answer")
    }

    /// The parent shows a row the child never shows (a count of -1 on the way to 5): that reload is not the child's
    /// row, so it waits for the test, and is listed at the end.
    func testAParentsReloadOfARowTheChildDoesNotShowIsNotTakenAsAsserted() async throws {
        let reports = try FailureReporter.capture {
            let basket = makeBasket()
            let first = try item(1, of: basket)
            basket.viewModel.flickers = true
            first.send({ $0.countDidChange(5) }) { $0.item.count = 5 }
        }
        assertOneFailure(
            reports,
            containing: "2 delegate calls were not asserted by the end of the test:\n  reloadViews([items])\n  "
                + "reloadViews([items])")
    }

    /// Without the flicker, the parent's reload shows the child's row and nothing else: taken as asserted.
    func testAParentsReloadOfTheRowTheChildShowsIsTakenAsAsserted() async throws {
        let reports = try FailureReporter.capture {
            let basket = makeBasket()
            let first = try item(1, of: basket)
            first.send({ $0.countDidChange(5) }) { $0.item.count = 5 }
        }
        XCTAssertEqual(reports.messages, [])
    }
}

// MARK: - A basket of items, each a child ViewModel, that pushes a checkout screen

struct BasketItem: Identifiable, Equatable, Sendable {
    let id: Int
    var count: Int
}

struct BasketOutputs: ViewOutputs {
    var items = Rows<BasketItem>()
    enum Field: Int, OutputField { case items }
    func hasChanged(_ field: Field, since old: Self) -> Bool { items != old.items }
}

struct BasketItemOutputs: ViewOutputs {
    var item: BasketItem
    enum Field: Int, OutputField { case item }
    func hasChanged(_ field: Field, since old: Self) -> Bool { item != old.item }
}

struct CheckoutOutputs: ViewOutputs {
    var isPaid = false
    enum Field: Int, OutputField { case isPaid }
    func hasChanged(_ field: Field, since old: Self) -> Bool { isPaid != old.isPaid }
}

enum BasketEvent: Equatable, Sendable, CustomStringConvertible {
    case checkout(CheckoutViewModel)

    static func == (lhs: BasketEvent, rhs: BasketEvent) -> Bool {
        switch (lhs, rhs) {
        case (.checkout(let left), .checkout(let right)): left === right
        }
    }

    var description: String { "checkout" }
}

@MainActor
protocol BasketNavigating: AnyObject {
    func moveToCheckout(_ checkout: CheckoutViewModel)
}

@MainActor
final class BasketSpy: BasketNavigating, ReloadDelegate, DelegateSpy {
    let recorder = DelegateRecorder<BasketOutputs, BasketEvent>()
    func moveToCheckout(_ checkout: CheckoutViewModel) { recorder.record(.checkout(checkout)) }
}

@MainActor
final class BasketViewModel: ViewModel {
    weak var delegate: (any BasketNavigating & ReloadDelegate<BasketOutputs>)?
    var outputs: BasketOutputs { store.outputs }
    private let store = OutputStore(BasketOutputs())
    private lazy var children = ChildViewModels<BasketItem, BasketItemViewModel> { child, item in
        child.itemDidChange(item)
    }
    /// The planted flicker: a child's new count shows as -1 for one reload first.
    var flickers = false

    func viewDidAppear() {
        store.update(notifying: delegate) { $0.items = [BasketItem(id: 1, count: 1), BasketItem(id: 2, count: 1)] }
        children.update(for: outputs.items)
    }

    func itemViewModel(id: Int) -> BasketItemViewModel? {
        guard let item = outputs.items[id: id] else { return nil }
        return children.child(for: item) { [weak self] item in
            BasketItemViewModel(item: item) { self?.itemDidReport($0) }
        }
    }

    func checkoutButtonDidTap() {
        delegate?.moveToCheckout(CheckoutViewModel())
    }

    private func itemDidReport(_ item: BasketItem) {
        if flickers {
            store.update(notifying: delegate) { _ = $0.items.update(BasketItem(id: item.id, count: -1)) }
        }
        store.update(notifying: delegate) { _ = $0.items.update(item) }
        children.update(for: outputs.items)
    }
}

@MainActor
final class BasketItemViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<BasketItemOutputs>)?
    private(set) var outputs: BasketItemOutputs
    private let report: @MainActor (BasketItem) -> Void
    private var task: Task<Void, Never>?

    init(item: BasketItem, report: @escaping @MainActor (BasketItem) -> Void) {
        outputs = BasketItemOutputs(item: item)
        self.report = report
    }

    deinit { task?.cancel() }

    func countDidChange(_ count: Int) {
        guard count != outputs.item.count else { return }
        outputs.item.count = count
        delegate?.reloadViews([.item], from: ReadOnlyOutputs(outputs))
        report(outputs.item)
    }

    func itemDidChange(_ item: BasketItem) {
        guard item != outputs.item else { return }
        outputs.item = item
        delegate?.reloadViews([.item], from: ReadOnlyOutputs(outputs))
    }

    /// The planted bug: work that changes the count later, telling nobody.
    func countLaterWithoutAReload() {
        task = Task { [weak self] in
            await Task.yield()
            self?.outputs.item.count += 10
        }
    }
}

@MainActor
final class CheckoutViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<CheckoutOutputs>)?
    private(set) var outputs = CheckoutOutputs()
    private var task: Task<Void, Never>?

    deinit { task?.cancel() }

    /// Pays through a service; freeing the screen cancels the payment.
    func payButtonDidTap(via payments: PendingCalls<Int, Bool, CancellationError>) {
        task = Task { _ = try? await payments.wait(for: 1) }
    }

    /// The planted bug: work that pays later, telling nobody.
    func payLaterWithoutAReload() {
        task = Task { [weak self] in
            await Task.yield()
            self?.outputs.isPaid = true
        }
    }
}
