import TestSupport
import XCTest

@testable import login

/// What the home screen's prompt understands.
final class HomeCommandTests: GuardedTestCase {
    func testEveryCommand() {
        let cases: [(String, HomeCommand)] = [
            ("1", .menu(1)), (" 3 ", .menu(3)), ("07", .menu(7)), ("0", .menu(0)),
            ("retry", .retry), ("RETRY", .retry), ("logout", .logout),
            ("quit", .quit), ("q", .quit), (":quit", .quit), (":q", .quit),
            ("help", .help), ("?", .help), (":help", .help),
            ("", .nothing), ("   ", .nothing),
            ("balance", .unknown("balance")), ("-1", .unknown("-1")), ("1.5", .unknown("1.5")),
            ("١", .unknown("١")),  // an Arabic-Indic digit is not a menu number
            ("9999999999", .unknown("9999999999")),  // too long to be one
        ]
        for (line, command) in cases {
            XCTAssertEqual(HomeCommand.parse(line), command, line.debugDescription)
        }
    }
}
