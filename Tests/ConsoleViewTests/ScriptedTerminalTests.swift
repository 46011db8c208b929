import ConsoleView
import TestSupport
import XCTest

/// The in-memory terminal tests drive the console with.
@MainActor
final class ScriptedTerminalTests: GuardedTestCase {
    func testItTypesTheScriptRecordsEverythingAndThenEnds() async {
        let terminal = ScriptedTerminal(typing: [.line("dimsky"), .line("secret")])

        let first = await terminal.readLine(prompt: "Name: ", hidden: false)
        terminal.write("ok\n")
        let second = await terminal.readLine(prompt: "Secret: ", hidden: true)
        let third = await terminal.readLine(prompt: "Name: ", hidden: false)

        XCTAssertEqual([first, second, third], [.line("dimsky"), .line("secret"), .endOfInput])
        XCTAssertEqual(
            terminal.events,
            [
                .output("Name: "), .read(.line("dimsky"), hidden: false), .output("ok\nSecret: "),
                .read(.line("secret"), hidden: true), .output("Name: "), .read(.endOfInput, hidden: false),
            ])
        XCTAssertEqual(terminal.output, "Name: ok\nSecret: Name: ", "what the console wrote, nothing typed")
    }

    func testTypedBytesGoThroughTheSameDecoderAsATerminal() async {
        let long = ScriptedTerminal.Keystrokes.bytes(Array(repeating: UInt8(ascii: "a"), count: 1_025))
        let terminal = ScriptedTerminal(typing: [.bytes([0x61, 0xFF]), long, .line("fine")])

        var results: [LineInput] = []
        for _ in 0..<3 { results.append(await terminal.readLine(prompt: "", hidden: false)) }

        XCTAssertEqual(results, [.rejected(.invalidUTF8), .rejected(.tooLong(maximumBytes: 1024)), .line("fine")])
    }
}
