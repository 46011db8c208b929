import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// An order's details screen, opened from the orders list: the list hands the details screen's ViewModel over in a
/// navigation call, the delivery note is checked as it is typed and saved through the service into the delivery
/// notes the two screens share (the list's row shows it), and the list hears of the screen closing (a double tap
/// opens one screen). Each screen has its own tester; a saved note is asserted once, as a change of the shared
/// notes, and both testers take the reload that shows it as asserted.
@MainActor
final class OrderDetailsViewModelTests: GuardedTestCase {
    typealias ListTester = ViewModelTester<OrdersViewModel, OrdersSpy>
    typealias DetailsTester = ViewModelTester<OrderDetailsViewModel, OrderDetailsSpy>

    private let service = FakeOrderService()
    private let notes = SharedState([Order.ID: String](), label: "delivery notes")
    private let dimsky = OrderQuery(username: "dimsky")
    /// The demo's second order: paid, with no note.
    private let paid = DemoPages.orders[1]

    private func makeListTester(language: Language = .english) -> ListTester {
        let list = ViewModelTester(
            OrdersViewModel(
                user: User(name: "dimsky"), service: service, language: language, clock: ManualClock(),
                deliveryNotes: notes),
            spy: OrdersSpy())
        // The list shows each saved note in its order's row.
        list.shows(notes) { outputs, notes in
            for (id, note) in notes {
                guard var row = outputs.orders[id: id] else { continue }
                row.deliveryNote = note
                outputs.orders.update(row)
            }
        }
        return list
    }

    /// Loads the demo's first page into the list.
    private func loadFirstPage(_ list: ListTester, language: Language = .english) async throws {
        list.send { $0.viewDidAppear() }
        service.listings.respond(with: DemoPages.page(try await service.listings.next()))
        await list.receiveReload {
            $0.orders = DemoPages.rows(0..<20, language: language)
            $0.phase = .loaded
            $0.phaseText = nil
        }
    }

    /// Selects the row at `index` and takes the details screen the list handed over, with a tester of its own.
    private func open(
        _ index: Int, in list: ListTester, language: Language = .english, file: StaticString = #filePath,
        line: UInt = #line
    ) async throws -> DetailsTester {
        list.send { $0.orderDidSelect(at: index) }
        await list.receive(.details(OrderDetails(DemoPages.orders[index], language: language)))
        let details = try XCTUnwrap(
            list.spy.takeDetails(), "the list handed a details screen over", file: file, line: line)
        let tester = ViewModelTester(details, spy: OrderDetailsSpy())
        let id = DemoPages.orders[index].id
        tester.shows(notes) { outputs, notes in
            if let note = notes[id] { outputs.savedNote = note }
        }
        return tester
    }

    /// The demo's second order with a note.
    private func paid(noted note: String) -> Order {
        var order = paid
        order.deliveryNote = note
        return order
    }

    // MARK: Opening and closing

    func testSelectingARowHandsOverTheDetailsScreenOfItsOrder() async throws {
        let list = makeListTester()
        try await loadFirstPage(list)
        let details = try await open(1, in: list)
        XCTAssertEqual(
            details.viewModel.outputs,
            OrderDetailsOutputs(details: OrderDetails(paid, language: .english), savedNote: ""))
        list.send { $0.orderDidSelect(at: 2) }  // a second tap while the details show: nothing opens
        details.send({ $0.noteDidChange("Ring twice.") }) {
            $0.noteBorder = .valid
            $0.isSaveEnabled = true
        }
        details.send { $0.closeButtonDidTap() }  // the edit is dropped
        await details.receive(.closed)
        details.send { $0.closeButtonDidTap() }  // closed once
        details.send { $0.saveButtonDidTap() }  // closed: nothing is saved
        await details.settle()
        XCTAssertEqual(service.notes.requests, [])
        _ = try await open(2, in: list)  // closed: the list opens another
    }

    func testADetailsScreenFreedWithoutClosingCountsAsClosed() async throws {
        let list = makeListTester()
        try await loadFirstPage(list)
        var details: DetailsTester? = try await open(1, in: list)
        XCTAssertNotNil(details)
        details = nil  // the system dismissed it: no close button
        _ = try await open(1, in: list)
    }

    func testTheOrderShowsItsSavedNote() async throws {
        let noted = paid(noted: "Leave it with the concierge.")
        let list = makeListTester()
        list.send { $0.viewDidAppear() }
        _ = try await service.listings.next()
        service.listings.respond(with: OrderPage(orders: [noted], nextCursor: nil))
        await list.receiveReload {
            $0.orders = [OrderRow(noted, language: .english)]
            $0.phase = .loaded
            $0.phaseText = nil
            $0.paging = .endReached
            $0.pagingText = "No more orders."
        }
        XCTAssertEqual(list.viewModel.outputs.orders[0].deliveryNote, "Leave it with the concierge.")
        list.send { $0.orderDidSelect(at: 0) }
        await list.receive(.details(OrderDetails(noted, language: .english)))
        let details = try XCTUnwrap(list.spy.takeDetails())
        XCTAssertEqual(details.outputs.savedNote, "Leave it with the concierge.")
        XCTAssertFalse(details.outputs.isSaveEnabled, "nothing to save yet")
    }

    // MARK: The note

    func testTheNoteMustBeThreeToTwoHundredCharactersAndDifferFromTheSavedOne() async throws {
        let list = makeListTester()
        try await loadFirstPage(list)
        let details = try await open(1, in: list)
        let tooShortOrLong = BorderState.invalid(["Must be 3 to 200 characters."])
        details.send({ $0.noteDidChange("ok") }) { $0.noteBorder = tooShortOrLong }
        details.send({ $0.noteDidChange("Leave it at the door.") }) {
            $0.noteBorder = .valid
            $0.isSaveEnabled = true
        }
        details.send({ $0.noteDidChange(String(repeating: "a", count: 201)) }) {
            $0.noteBorder = tooShortOrLong
            $0.isSaveEnabled = false
        }
        details.send({ $0.noteDidChange(String(repeating: "字", count: 200)) }) {  // characters, not bytes
            $0.noteBorder = .valid
            $0.isSaveEnabled = true
        }
        details.send({ $0.noteDidChange("  ok \n") }) {  // white space around it does not count
            $0.noteBorder = tooShortOrLong
            $0.isSaveEnabled = false
        }
        details.send({ $0.noteDidChange(" 3rd ") }) {
            $0.noteBorder = .valid
            $0.isSaveEnabled = true
        }
        details.send({ $0.noteDidChange(nil) }) {
            $0.noteBorder = tooShortOrLong
            $0.isSaveEnabled = false
        }
        details.send { $0.saveButtonDidTap() }  // an invalid note is not saved
        XCTAssertEqual(service.notes.requests, [])
    }

    func testTheRuleSpeaksTheScreensLanguage() async throws {
        let list = makeListTester(language: .chinese)
        try await loadFirstPage(list, language: .chinese)
        let details = try await open(1, in: list, language: .chinese)
        details.send({ $0.noteDidChange("好") }) { $0.noteBorder = .invalid(["长度须为 3 到 200 个字符。"]) }
    }

    // MARK: Saving

    func testASavedNoteShowsInTheListsRow() async throws {
        let list = makeListTester()
        try await loadFirstPage(list)
        let details = try await open(1, in: list)
        details.send({ $0.noteDidChange(" Leave it at the door. ") }) {
            $0.noteBorder = .valid
            $0.isSaveEnabled = true
        }
        details.send({ $0.saveButtonDidTap() }) {
            $0.isSaving = true
            $0.isSaveEnabled = false
        }
        // a second tap while saving does nothing
        details.send { $0.saveButtonDidTap() }
        let request = try await service.notes.next()
        XCTAssertEqual(request.note, "Leave it at the door.", "trimmed")
        service.notes.respond(with: paid(noted: "Leave it at the door."))
        // Once, for both screens: the list's reload of the row and the
        // details' note are taken as asserted.
        await details.receiveChange(of: notes) { $0[self.paid.id] = "Leave it at the door." }
        await details.receiveReload { $0.isSaving = false }
        XCTAssertEqual(request.id, paid.id)
        XCTAssertEqual(service.notes.requests.count, 1)
        // saved: nothing more to save until the note changes
        details.send { $0.saveButtonDidTap() }
        details.send({ $0.noteDidChange("Ring twice.") }) {
            $0.isSaveEnabled = true
        }
    }

    /// A page that left the server before the note was saved still shows the saved note: the shared notes win.
    func testASavedNoteStaysInItsRowWhenAPageFromBeforeItArrives() async throws {
        let list = makeListTester()
        try await loadFirstPage(list)
        let details = try await open(1, in: list)
        details.send({ $0.noteDidChange("Ring twice.") }) {
            $0.noteBorder = .valid
            $0.isSaveEnabled = true
        }
        details.send({ $0.saveButtonDidTap() }) {
            $0.isSaving = true
            $0.isSaveEnabled = false
        }
        _ = try await service.notes.next()
        service.notes.respond(with: paid(noted: "Ring twice."))
        await details.receiveChange(of: notes) { $0[self.paid.id] = "Ring twice." }
        await details.receiveReload { $0.isSaving = false }
        list.send({ $0.refreshDidPull() }) {
            $0.phase = .refreshing
            $0.phaseText = "Refreshing your orders…"
        }
        // The demo's page, as the server had it before the save: no note.
        service.listings.respond(with: DemoPages.page(try await service.listings.next()))
        await list.receiveReload {
            $0.phase = .loaded
            $0.phaseText = nil
        }
        XCTAssertEqual(list.viewModel.outputs.orders[id: paid.id]?.deliveryNote, "Ring twice.")
    }

    func testAFailedSaveShowsAnAlertAndKeepsTheText() async throws {
        let list = makeListTester()
        try await loadFirstPage(list)
        let details = try await open(1, in: list)
        details.send({ $0.noteDidChange("Ring twice.") }) {
            $0.noteBorder = .valid
            $0.isSaveEnabled = true
        }
        details.send({ $0.saveButtonDidTap() }) {
            $0.isSaving = true
            $0.isSaveEnabled = false
        }
        _ = try await service.notes.next()
        service.notes.fail(with: .serverUnreachable)
        await details.receiveReload {
            $0.isSaving = false
            $0.isSaveEnabled = true
        }
        await details.receive(
            .alert(
                AlertContent(
                    title: "The note was not saved", message: "The order server cannot be reached. Try again.",
                    buttons: [.cancel("Cancel"), .init("Try again", action: .saveAgain)])
            ))
        await list.settle()  // the list's row is as it was
        details.send({ $0.alertButtonDidTap(.saveAgain) }) {  // "Try again"
            $0.isSaving = true
            $0.isSaveEnabled = false
        }
        let again = try await service.notes.next()
        XCTAssertEqual(again.note, "Ring twice.", "the text was kept")
        service.notes.respond(with: paid(noted: "Ring twice."))
        await details.receiveChange(of: notes) { $0[self.paid.id] = "Ring twice." }
        await details.receiveReload { $0.isSaving = false }
    }

    /// The alert's buttons speak the screen's language; its cancel button has no action (the view only dismisses
    /// the alert), and the note then stays unsaved, ready for the save button.
    func testAFailedSavesAlertSpeaksTheScreensLanguageAndItsCancelLeavesTheNoteUnsaved() async throws {
        let list = makeListTester(language: .chinese)
        try await loadFirstPage(list, language: .chinese)
        let details = try await open(1, in: list, language: .chinese)
        details.send({ $0.noteDidChange("按两次门铃。") }) {
            $0.noteBorder = .valid
            $0.isSaveEnabled = true
        }
        details.send({ $0.saveButtonDidTap() }) {
            $0.isSaving = true
            $0.isSaveEnabled = false
        }
        _ = try await service.notes.next()
        service.notes.fail(with: .serverUnreachable)
        await details.receiveReload {
            $0.isSaving = false
            $0.isSaveEnabled = true
        }
        await details.receive(
            .alert(
                AlertContent(
                    title: "备注未保存", message: "无法连接订单服务器，请重试。",
                    buttons: [.cancel("取消"), .init("重试", action: .saveAgain)])))
        // "取消" has no action: the ViewModel hears nothing, and the note is not saved again.
        await details.settle()
        XCTAssertEqual(service.notes.requests.count, 1)
        XCTAssertTrue(details.viewModel.outputs.isSaveEnabled)
    }

    func testClosingMidSaveCancelsTheSave() async throws {
        let list = makeListTester()
        try await loadFirstPage(list)
        let details = try await open(1, in: list)
        details.send({ $0.noteDidChange("Ring twice.") }) {
            $0.noteBorder = .valid
            $0.isSaveEnabled = true
        }
        details.send({ $0.saveButtonDidTap() }) {
            $0.isSaving = true
            $0.isSaveEnabled = false
        }
        _ = try await service.notes.next()
        details.send({ $0.closeButtonDidTap() }) { $0.isSaving = false }
        await details.receive(.closed)
        await details.settle()
        XCTAssertEqual(service.notes.pendingCount, 0)
        XCTAssertEqual(service.notes.history.map { "\($0.outcome)" }, ["cancelled"])
        details.send { $0.saveButtonDidTap() }  // closed: nothing saves
        await list.settle()  // the list's row is as it was
        _ = try await open(2, in: list)
    }

    /// The details screen's tester is released mid-save, as when the screen is popped: the ViewModel is freed and
    /// its save cancelled, before the tester checks for unfinished work.
    func testLeavingMidSaveFreesTheDetailsScreenAndCancelsTheSave() async throws {
        let list = makeListTester()
        try await loadFirstPage(list)
        var details: DetailsTester? = try await open(1, in: list)
        let viewModel = WeakReference(details?.viewModel)
        details?.send({ $0.noteDidChange("Ring twice.") }) {
            $0.noteBorder = .valid
            $0.isSaveEnabled = true
        }
        details?.send({ $0.saveButtonDidTap() }) {
            $0.isSaving = true
            $0.isSaveEnabled = false
        }
        _ = try await service.notes.next()
        details = nil
        XCTAssertNil(viewModel.object, "nothing but its tester kept the details screen")
        XCTAssertEqual(service.notes.pendingCount, 0, "freeing it cancelled the save")
        XCTAssertEqual(service.notes.history.map { "\($0.outcome)" }, ["cancelled"])
        await list.settle()
        _ = try await open(1, in: list)
    }

    func testNeitherScreenKeepsTheOtherAlive() async throws {
        var list: ListTester? = makeListTester()
        let listViewModel = WeakReference(list?.viewModel)
        try await loadFirstPage(try XCTUnwrap(list))
        let details = try await open(1, in: try XCTUnwrap(list))
        trackForLeaks(details.viewModel)
        list = nil  // the list goes first (the user signed out, say): the details screen does not keep it
        XCTAssertNil(listViewModel.object, "the details screen holds the list weakly")
        details.send({ $0.noteDidChange("Ring twice.") }) {
            $0.noteBorder = .valid
            $0.isSaveEnabled = true
        }
        details.send({ $0.saveButtonDidTap() }) {
            $0.isSaving = true
            $0.isSaveEnabled = false
        }
        _ = try await service.notes.next()
        service.notes.respond(with: paid(noted: "Ring twice."))
        await details.receiveChange(of: notes) { $0[self.paid.id] = "Ring twice." }  // saved, with no list to show it
        await details.receiveReload { $0.isSaving = false }
    }
}
