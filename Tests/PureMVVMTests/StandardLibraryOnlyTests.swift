import Foundation
import TestSupport
import XCTest

/// `PureMVVM` needs nothing but the Swift standard library and, in its one platform file, the C library's lock: no
/// Foundation (and so no ICU) in any app or tool that uses it, and nothing newer than iOS 16 (`Synchronization`'s
/// `Mutex` needs iOS 18). Fails on an `import` of anything else in `Sources/PureMVVM`, outside its DocC catalog
/// (whose `.swift` files are the tutorial's listings, which SwiftPM does not compile into the module).
final class StandardLibraryOnlyTests: GuardedTestCase {
    /// The standard library's own modules a source file may import. (`Regex` is in `_StringProcessing`, which every
    /// Swift file imports implicitly.)
    private let allowed: Set<String> = ["Swift", "_StringProcessing", "_Concurrency"]
    /// The platform file, and the C library modules it may import for its lock.
    private let platformFile = "Locked.swift"
    private let cLibrary: Set<String> = ["Darwin", "Glibc", "Musl", "Bionic", "WinSDK"]

    func testPureMVVMImportsOnlyTheStandardLibrary() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/PureMVVM")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
            .filter { !$0.pathComponents.contains { $0.hasSuffix(".docc") } }
        XCTAssertGreaterThan(files.count, 10, "Sources/PureMVVM was not found at \(sources.path)")
        let importLine =
            /^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)/
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                guard let match = line.firstMatch(of: importLine) else { continue }
                let module = String(match.output.1)
                if file.lastPathComponent == platformFile, cLibrary.contains(module) { continue }
                XCTAssertTrue(
                    allowed.contains(module),
                    "\(file.lastPathComponent) imports \(module); PureMVVM may import only the standard library "
                        + "(\(allowed.sorted().joined(separator: ", ")))")
            }
        }
    }
}
