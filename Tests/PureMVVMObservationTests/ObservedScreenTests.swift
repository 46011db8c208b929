import Observation
import PureMVVM
import PureMVVMObservation
import TestSupport
import XCTest

/// The SwiftUI adapter as a view sees it through Observation: a view that reads one output is invalidated by a
/// reload that changes that output and by no other; alerts and destinations are state a view binds to; the ViewModel
/// still only calls its delegate.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor final class ObservedScreenTests: GuardedTestCase {
    func testAViewThatReadsOneOutputIsInvalidatedOnlyByAReloadThatChangesIt() async {
        let screen = FormScreen(FormViewModel())
        let border = Invalidations.of { _ = screen.nameBorder }
        let saveButton = Invalidations.of { _ = screen.isSaveEnabled }
        let title = Invalidations.of { _ = screen.title }

        screen.viewModel.nameDidChange("di")  // the border turns invalid; the save button stays disabled
        XCTAssertEqual(screen.nameBorder, .invalid(["Must be at least 3 characters."]))
        XCTAssertEqual(border.count, 1, "the border changed")
        XCTAssertEqual(saveButton.count, 0, "the save button did not")
        XCTAssertEqual(title.count, 0, "nor did the title")

        let again = Invalidations.of { _ = screen.nameBorder }
        let saveAgain = Invalidations.of { _ = screen.isSaveEnabled }
        screen.viewModel.titleDidChange("Edit profile")
        XCTAssertEqual(title.count, 1)
        XCTAssertEqual(again.count, 0, "a reload of the title alone leaves the border's readers")
        XCTAssertEqual(saveAgain.count, 0)
        XCTAssertEqual(screen.title, "Edit profile")
    }

    func testAReloadThatChangesNothingInvalidatesNothing() async {
        let screen = FormScreen(FormViewModel())
        screen.viewModel.titleDidChange("Edit profile")
        let title = Invalidations.of { _ = screen.title }
        let everything = Invalidations.of { _ = screen.outputs.snapshot }
        screen.viewModel.titleDidChange("Edit profile")  // the same title: no reload
        screen.reloadViews([], from: ReadOnlyOutputs(screen.viewModel.outputs))  // an empty one, sent by hand
        XCTAssertEqual(title.count, 0)
        XCTAssertEqual(everything.count, 0)
    }

    func testAViewThatReadsEveryOutputIsInvalidatedByAnyChange() async {
        let screen = FormScreen(FormViewModel())
        let everything = Invalidations.of { _ = screen.outputs.snapshot }
        screen.viewModel.titleDidChange("Edit profile")
        XCTAssertEqual(everything.count, 1)
        XCTAssertEqual(screen.outputs.snapshot.title, "Edit profile")
    }

    func testAnAlertWithButtonsIsStateTheViewPresentsAndItsAnswerIsAnInput() async {
        let screen = FormScreen(FormViewModel())
        let alert = Invalidations.of { _ = screen.alert }
        let destination = Invalidations.of { _ = screen.destination }
        screen.viewModel.nameDidChange("dimsky")
        screen.viewModel.saveButtonDidTap()
        XCTAssertEqual(alert.count, 1)
        XCTAssertEqual(destination.count, 0)
        XCTAssertTrue(screen.isAlertPresented)
        XCTAssertEqual(
            screen.alert,
            AlertContent(
                title: "Save the profile?", message: "It replaces the one saved before.",
                buttons: [.cancel("Cancel"), AlertContent.Button("Save", action: .saveAnyway)]))
        XCTAssertEqual(screen.alert?.buttons.map(\.role), [.cancel, nil])

        // The view's button calls the ViewModel's input with the button's action, and the alert is dismissed.
        let pushed = Invalidations.of { _ = screen.destination }
        if let action = screen.alert?.buttons.last?.action { screen.viewModel.alertButtonDidTap(action) }
        screen.isAlertPresented = false
        XCTAssertNil(screen.alert)
        XCTAssertEqual(pushed.count, 1)
        XCTAssertEqual(screen.destination, .saved(name: "dimsky"))

        screen.destination = nil  // the view popped the screen
        XCTAssertNil(screen.destination)
    }

    func testTheScreenIsTheViewModelsDelegateAndNothingKeepsEitherAfterTheView() async {
        weak var weakScreen: FormScreen?
        weak var weakViewModel: FormViewModel?
        do {
            let viewModel = FormViewModel()
            let screen = FormScreen(viewModel)
            XCTAssertTrue(viewModel.delegate === screen, "the screen is the delegate")
            viewModel.nameDidChange("dimsky")
            viewModel.saveButtonDidTap()
            weakScreen = screen
            weakViewModel = viewModel
        }
        XCTAssertNil(weakScreen, "the ViewModel holds its delegate weakly")
        XCTAssertNil(weakViewModel, "the screen held the ViewModel, and nothing else did")
    }
}
