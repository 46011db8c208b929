import Foundation
import XCTest

/// Every Swift listing of the article "Lists and child ViewModels", and of "Unfinished work" in "Testing a
/// ViewModel", is text of a file the tests compile (the orders screen, its tests and its UIKit view), so the
/// articles cannot drift from code that builds and passes. A listing may be indented less than the file.
final class ListsArticleTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

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

    private func sources() throws -> [[Substring]] {
        let folder = root.appendingPathComponent("Tests/PureMVVMTestingTests/ListScreen")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
            .map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
    }

    /// Whether `listing` is a run of lines of `file`, each with the same extra indentation.
    private func isText(_ listing: String, of file: [Substring]) -> Bool {
        let lines = listing.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard let first = lines.first else { return false }
        for start in file.indices where file[start].hasSuffix(first) {
            let indent = String(file[start].dropLast(first.count))
            guard indent.allSatisfy({ $0 == " " }), start + lines.count <= file.count else { continue }
            let matches = zip(lines, file[start...]).allSatisfy { line, source in
                line.isEmpty ? source.allSatisfy { $0 == " " } : source == indent + line
            }
            if matches { return true }
        }
        return false
    }

    func testEveryListingOfTheListsArticleIsCompiledCode() throws {
        let files = try sources()
        let listings = try listings(in: "Sources/PureMVVM/PureMVVM.docc/ListsAndChildViewModels.md")
        XCTAssertGreaterThanOrEqual(listings.count, 9)
        for listing in listings {
            XCTAssertTrue(files.contains { isText(listing, of: $0) }, "not text of ListScreen/*.swift:\n\(listing)")
        }
    }

    func testEveryListingOfUnfinishedWorkIsCompiledCode() throws {
        let files = try sources()
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
    }
}
