import PureMVVM
import PureMVVMTesting
import XCTest

@testable import App

@MainActor final class NameViewModelTests: XCTestCase {
    func testShortNameIsInvalid() async {
        let tester = ViewModelTester(NameViewModel(), spy: ReloadSpy())
        tester.send({ $0.nameDidChange("dim") }) {
            $0.border = .invalid(["Must be at least 6 characters."])
        }
    }
}
