import Foundation
import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// Runs every row of every login table in `Fixtures/validation/` (`login-*.table`) through a fresh
/// `LoginViewModel`. (`builtin-rules.table` is the toolkit's, run by PureMVVMTests.)
@MainActor
final class TruthTableTests: GuardedTestCase {
    func testEveryRowOfEveryTable() async throws {
        let directory = try FixtureFolder.url("validation")
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "table" && $0.lastPathComponent.hasPrefix("login-") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertEqual(files.map(\.lastPathComponent), ["login-seed.table", "login-standard.table"])

        var rowCount = 0
        for file in files {
            let table = try TruthTable(contentsOf: file)
            for row in table.rows {
                check(row, rules: table.rules)
                rowCount += 1
            }
        }
        XCTAssertGreaterThanOrEqual(rowCount, 40 + 10, "the tables lost rows")
    }

    func testTheSameRowTwiceGivesTheSameState() async throws {
        let table = try TruthTable(contentsOf: FixtureFolder.url("validation/login-standard.table"))
        for row in table.rows {
            let viewModel = LoginViewModel(authenticator: FakeAuthenticator(), rules: table.rules)
            apply(row, to: viewModel)
            let first = viewModel.outputs
            apply(row, to: viewModel)
            XCTAssertEqual(viewModel.outputs, first, "\(row.file):\(row.line)")
        }
    }

    private func check(_ row: TruthTableRow, rules: LoginRules) {
        let viewModel = LoginViewModel(authenticator: FakeAuthenticator(), rules: rules)
        apply(row, to: viewModel)
        let actual = (
            TruthTableRow.Border(viewModel.outputs.usernameBorder),
            TruthTableRow.Border(viewModel.outputs.passwordBorder),
            viewModel.outputs.isLoginEnabled
        )
        let expected = (row.usernameBorder, row.passwordBorder, row.isLoginEnabled)
        if actual != expected {
            XCTFail(
                """
                \(row.file):\(row.line): expected username \(expected.0), password \(expected.1), \
                login \(expected.2 ? "enabled" : "disabled"); got username \(actual.0) \
                \(viewModel.outputs.usernameBorder.messages), password \(actual.1) \(viewModel.outputs.passwordBorder.messages), \
                login \(actual.2 ? "enabled" : "disabled")
                """
            )
        }
    }

    private func apply(_ row: TruthTableRow, to viewModel: LoginViewModel) {
        if case .text(let text) = row.username { viewModel.usernameDidChange(text) }
        if case .text(let text) = row.password { viewModel.passwordDidChange(text) }
    }
}
