import Foundation
import TestSupport
import XCTest

/// Every Swift listing of the article "Lists and child ViewModels", and of "Unfinished work" in "Testing a
/// ViewModel", is text of a file the tests compile (the orders screen, its tests and its UIKit view; LoginFeature's
/// orders and order details screens and their tests, for handing over the next screen), so the
/// articles cannot drift from code that builds and passes. Whitespace aside: a listing may wrap a long line to
/// fit DocC's column (the listings are marked `<!-- snippet: excerpt PATH -->` for scripts/docs-snippets.sh).
final class ListsArticleTests: GuardedTestCase {
    private let root = Paths.packageRoot

    private func listings(in page: String, section: String? = nil) throws -> [String] {
        var text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        if let section {
            let parts = text.components(separatedBy: "\n### \(section)\n")
            XCTAssertEqual(parts.count, 2, "no section \(section) in \(page)")
            text = parts.last?.components(separatedBy: "\n### ").first ?? ""
        }
        return text.components(separatedBy: "```swift\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
    }

    /// The files the listings may quote: the orders screen of these tests, and for handing over the next screen,
    /// the login demo's orders screen, its details screen and their tests.
    private func sources(
        in folders: [String] = [
            "Tests/PureMVVMTestingTests/ListScreen", "Examples/ConsoleLogin/Sources/LoginFeature/OrdersList",
            "Examples/ConsoleLogin/Sources/LoginFeature/OrderDetails",
            "Examples/ConsoleLogin/Tests/LoginFeatureTests/Orders",
        ]
    ) throws -> [[Substring]] {
        try folders.flatMap { name in
            let folder = root.appendingPathComponent(name)
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
                .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
        }
        .map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
    }

    /// Whether `listing` is text of `file`, whitespace aside (a listing may wrap a long line to fit the page),
    /// starting and ending at whole lines.
    private func isText(_ listing: String, of file: [Substring]) -> Bool {
        let wanted = listing.filter { !$0.isWhitespace }
        guard !wanted.isEmpty else { return false }
        let lines = file.map { $0.filter { !$0.isWhitespace } }
        for start in lines.indices where !lines[start].isEmpty && wanted.hasPrefix(lines[start]) {
            var text = ""
            for line in lines[start...] {
                text += line
                if text == wanted { return true }
                if !wanted.hasPrefix(text) { break }
            }
        }
        return false
    }

    func testEveryListingOfTheListsArticleIsCompiledCode() throws {
        let files = try sources()
        let listings = try listings(in: "Sources/PureMVVM/PureMVVM.docc/ListsAndChildViewModels.md")
        XCTAssertGreaterThanOrEqual(listings.count, 14)
        for listing in listings {
            XCTAssertTrue(files.contains { isText(listing, of: $0) }, "not text of the files it quotes:\n\(listing)")
        }
    }

    func testEveryListingOfUnfinishedWorkIsCompiledCode() throws {
        let files = try sources(in: ["Tests/PureMVVMTestingTests/ListScreen"])
        let listings = try listings(
            in: "Sources/PureMVVMTesting/PureMVVMTesting.docc/TestingAViewModel.md", section: "Unfinished work")
        XCTAssertGreaterThanOrEqual(listings.count, 1)
        for listing in listings {
            XCTAssertTrue(files.contains { isText(listing, of: $0) }, "not text of ListScreen/*.swift:\n\(listing)")
        }
    }

    func testTheCheckRefusesAListingThatIsNotTheCode() throws {
        let files = try sources()
        XCTAssertFalse(files.contains { isText("func viewDidAppear() { start(list.refresh()) }\n", of: $0) })
        XCTAssertTrue(files.contains { isText("func viewDidAppear() { start(list.load()) }\n", of: $0) })
        XCTAssertTrue(files.contains { isText("func viewDidAppear() {\n    start(list.load())\n}\n", of: $0) })
        XCTAssertFalse(
            files.contains { isText("func viewDidAppear() { start(list.load()) }\nfunc refresh", of: $0) },
            "a listing that stops inside a line")
    }
}
