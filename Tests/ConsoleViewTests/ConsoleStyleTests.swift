import ConsoleView
import TestSupport
import XCTest

/// Colour only on a terminal, and never when NO_COLOR says so.
final class ConsoleStyleTests: GuardedTestCase {
    func testColourNeedsATerminalAndNoNoColor() {
        let cases: [(Bool, [String: String], Bool)] = [
            (true, [:], true),
            (true, ["TERM": "xterm-256color"], true),
            (true, ["NO_COLOR": ""], true),  // set but empty: no effect, as no-color.org says
            (true, ["NO_COLOR": "1"], false),
            (true, ["NO_COLOR": "0"], false),  // any non-empty value
            (true, ["TERM": "dumb"], false),
            (false, [:], false),  // a pipe or a file
            (false, ["TERM": "xterm"], false),
        ]
        for (isTerminal, environment, usesColor) in cases {
            XCTAssertEqual(
                ConsoleStyle.forOutput(isTerminal: isTerminal, environment: environment).usesColor, usesColor,
                "terminal: \(isTerminal), environment: \(environment)")
        }
    }

    func testPaintingWrapsOnlyWhenColouring() {
        XCTAssertEqual(ConsoleStyle.plain.paint("✓", .success), "✓")
        let colored = ConsoleStyle(usesColor: true)
        XCTAssertEqual(colored.paint("✓", .success), "\u{1B}[32m✓\u{1B}[0m")
        XCTAssertEqual(colored.paint("✗", .failure), "\u{1B}[31m✗\u{1B}[0m")
        XCTAssertEqual(colored.paint("…", .quiet), "\u{1B}[2m…\u{1B}[0m")
        XCTAssertEqual(colored.paint("title", .strong), "\u{1B}[1mtitle\u{1B}[0m")
        XCTAssertEqual(colored.paint("", .strong), "")
    }
}
