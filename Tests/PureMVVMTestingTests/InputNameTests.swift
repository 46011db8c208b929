import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// Inputs are named by the code the test wrote, read whole whatever its string literals hold, or by the name the
/// test gives; a helper can point failures at its caller.
@MainActor
final class InputNameTests: GuardedTestCase {
    /// The name of the call whose argument list opens at the first `(` or `{` after `marker` on the first line.
    private func name(_ source: String, at marker: String = "send") -> String? {
        let firstLine = source.split(separator: "\n", omittingEmptySubsequences: false)[0]
        guard let range = firstLine.range(of: marker) else { return nil }
        let column = firstLine.utf8.distance(from: firstLine.startIndex, to: range.upperBound) + 1
        return InputName.name(in: source, line: 1, column: column)
    }

    /// Locations whose file has no address to tell it by (a `StaticString` made of one scalar) are named each time,
    /// never from the name kept for another file's location.
    func testLocationsOfFilesWithoutAnAddressAreNotTakenForOneAnother() {
        func scalar<Literal: ExpressibleByUnicodeScalarLiteral>(_: Literal.Type) -> Literal { "\u{1}" }
        let noAddress = scalar(StaticString.self)
        XCTAssertFalse(noAddress.hasPointerRepresentation)
        func location(_ file: StaticString) -> FailureLocation {
            FailureLocation(fileID: file, filePath: noAddress, line: 7, column: 1)
        }
        XCTAssertEqual(InputName.at(location("A.swift")), "the input at A.swift:7")
        XCTAssertEqual(InputName.at(location("B.swift")), "the input at B.swift:7")
    }

    func testStringLiteralsWithBracketsQuotesAndEscapesAreReadWhole() {
        XCTAssertEqual(name(#"tester.send({ $0.passwordDidChange("ab)") })"#), #"passwordDidChange("ab)")"#)
        XCTAssertEqual(name(#"tester.send({ $0.nameDidChange("say \"hi\" :)") })"#), #"nameDidChange("say \"hi\" :)")"#)
        XCTAssertEqual(name(#"tester.send({ $0.nameDidChange("back\\") }) // ("#), #"nameDidChange("back\\")"#)
        XCTAssertEqual(name(#"tester.send({ $0.nameDidChange("}{") }) { $0.x = 1 }"#), #"nameDidChange("}{")"#)
        XCTAssertEqual(
            name(#"tester.send({ $0.nameDidChange("a\(f(")")))b") })"#), #"nameDidChange("a\(f(")")))b")"#)
    }

    func testRawAndMultiLineStringsAndComments() {
        XCTAssertEqual(name(##"tester.send({ $0.nameDidChange(#"a")"b\"#) })"##), ##"nameDidChange(#"a")"b\"#)"##)
        XCTAssertEqual(
            name(###"tester.send({ $0.nameDidChange(##"x"#)"##) })"###), ###"nameDidChange(##"x"#)"##)"###)
        XCTAssertEqual(
            name(###"tester.send({ $0.nameDidChange(#"a\#(#"b"#))c"#) })"###), ###"nameDidChange(#"a\#(#"b"#))c"#)"###,
            "an interpolation in a raw string, holding a raw string of its own")
        XCTAssertEqual(
            name(
                """
                tester.send({ $0.noteDidChange(\"\""
                    (a note)
                    \"\"") })
                """),
            "noteDidChange(\"\"\"\n    (a note)\n    \"\"\")")
        XCTAssertEqual(name("tester.send({ $0.login() /* ) */ })"), "login()")
        XCTAssertNil(name("tester.send({ $0.login() /* never closed *"), "a comment that runs to the end")
        XCTAssertEqual(
            name("tester.send({ $0.pick(1,/* the second */2) })"), "pick(1, 2)", "a comment counts as a space")
    }

    func testAClosureOverSeveralLinesIsJoined() {
        let source = """
            tester.send({ viewModel in
                viewModel.usernameDidChange("dim")   // first
                viewModel.passwordDidChange(
                    "balabala"
                )
            }) {
                $0.usernameBorder = tooShort
            }
            """
        XCTAssertEqual(name(source), #"usernameDidChange("dim"); passwordDidChange( "balabala" )"#)
    }

    func testTrailingClosuresAndHeaders() {
        XCTAssertEqual(name("tester.send { $0.refreshButtonDidTap() }"), "refreshButtonDidTap()")
        XCTAssertEqual(name("tester.send { $0.login() } outputs: { $0.isLoading = true }"), "login()")
        XCTAssertEqual(
            name(#"tester.send({ _ in self.events.username?("dimsky") })"#), #"self.events.username?("dimsky")"#)
        XCTAssertEqual(name("tester.send({ [weak self] model in model.login() })"), "login()")
    }

    func testAnotherCallIsNamedWhole() {
        XCTAssertEqual(
            name(#"    typeUsername("a)b", into: tester)"#, at: "typeUsername"), #"typeUsername("a)b", into: tester)"#)
    }

    func testALongNameIsCut() {
        let long = String(repeating: "x", count: 300)
        let cut = name("tester.send({ $0.nameDidChange(\"\(long)\") })")
        XCTAssertEqual(cut?.count, InputName.maximumLength)
        XCTAssertEqual(cut?.last, "…")
    }

    // MARK: Through the tester

    func testAFailureNamesTheInputWithABracketInAString() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(ForgetfulTitleViewModel(), spy: CounterSpy())
            tester.send({ $0.titleFieldDidChange("ab)") }) { $0.title = "ab)" }
        }
        assertOneFailure(
            reports, containing: #"`titleFieldDidChange("ab)")` changed title ("" → "ab)") without a reload."#)
    }

    func testAnExplicitNameAndAHelperThatPointsAtItsCaller() async {
        var callerLine: UInt = 0
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(ForgetfulTitleViewModel(), spy: CounterSpy())
            tester.send("types a title", { $0.titleFieldDidChange("x") }) { $0.title = "x" }
            callerLine = #line + 1
            typeTitle("y", into: tester)
        }
        XCTAssertEqual(reports.failures.count, 2, "\(reports.messages)")
        XCTAssertTrue(
            reports.failures[0].message.hasPrefix(#""types a title" changed title"#), reports.failures[0].message)
        XCTAssertTrue(
            reports.failures[1].message.hasPrefix(#""types the title "y"" changed title"#), reports.failures[1].message)
        XCTAssertEqual(reports.failures[1].location.line, callerLine, "the caller's line, not the helper's")
        XCTAssertEqual("\(reports.failures[1].location.fileID)", #fileID)
    }

    /// Names are remembered by file, line and column: a second input sent on the same line is named by its own code,
    /// not by the first's.
    func testTwoInputsOnOneLineAreEachNamedByTheirOwnCode() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(ForgetfulTitleViewModel(), spy: CounterSpy())
            _ = (typeTitleUnnamed("p", into: tester), typeTitleUnnamed("q", into: tester))
        }
        let messages = reports.failures.messages
        XCTAssertEqual(messages.count, 2, "\(messages)")
        XCTAssertTrue(messages.first?.hasPrefix(#"`typeTitleUnnamed("p", into: tester)` changed title"#) == true)
        XCTAssertTrue(messages.last?.hasPrefix(#"`typeTitleUnnamed("q", into: tester)` changed title"#) == true)
    }

    func testAHelperWithoutANameIsNamedByItsCallersCode() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(ForgetfulTitleViewModel(), spy: CounterSpy())
            typeTitleUnnamed("z(", into: tester)
        }
        assertOneFailure(reports, containing: #"`typeTitleUnnamed("z(", into: tester)` changed title"#)
    }

    private func typeTitle(
        _ title: String, into tester: ViewModelTester<ForgetfulTitleViewModel, CounterSpy>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        tester.send(
            "types the title \(title.debugDescription)", { $0.titleFieldDidChange(title) },
            outputs: { $0.title = title }, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    private func typeTitleUnnamed(
        _ title: String, into tester: ViewModelTester<ForgetfulTitleViewModel, CounterSpy>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        tester.send(
            { $0.titleFieldDidChange(title) }, outputs: { $0.title = title }, fileID: fileID, filePath: filePath,
            line: line, column: column)
    }
}

/// Changes its title without a reload, so every input fails and shows its name.
@MainActor
final class ForgetfulTitleViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    var outputs: CounterOutputs { store.outputs }
    private let store = OutputStore(CounterOutputs())

    func titleFieldDidChange(_ title: String) {
        store.update(notifying: nil) { $0.title = title }
    }
}
