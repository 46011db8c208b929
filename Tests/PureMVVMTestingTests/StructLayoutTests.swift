import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// The layout the tester reads a struct's properties at: taken from `Mirror` and the types' sizes, and refused
/// whenever `Mirror`'s view of a value could differ from how the struct stores it.
final class StructLayoutTests: GuardedTestCase {
    private struct Plain: Equatable {
        var flag = false; var count = 3; var name = "dimsky"; var border = BorderState.valid
    }
    private struct Padded: Equatable { var a: UInt8 = 1; var b: Int64 = 2; var c: UInt16 = 3 }
    private struct WithOptional: Equatable { var note: String? = nil; var count = 1 }
    private struct WithClosure { var count = 1; var action: () -> Int = { 1 } }
    private struct WithRows: Equatable { var title = ""; var items = Rows<Item>() }
    private struct Untyped { var anything: Any = 5; var count = 1 }
    private struct UntypedLast { var count = 1; var anything: Any = 5 }
    private struct WithError { var error: any Error = Failure(code: 7) }
    private struct Failure: Error { var code: Int }
    private final class Box: Equatable {
        static func == (lhs: Box, rhs: Box) -> Bool { true }
    }
    private struct WithClass { var box = Box() }
    private struct WithWeak { weak var box: Box?; var count = 1 }
    private struct WithOptionalClass { var box: Box? = nil }
    /// An existential holding a 24-byte value, then a 16-byte-aligned property.
    private struct Aligned { var anything: Any = (1, 2, 3); var vector = SIMD4<Float>(1, 2, 3, 4) }
    private struct Item: Identifiable, Equatable, Sendable { let id: Int }
    /// A row as list screens have them: a flag, then padding up to a `String`, which makes its copies field by field.
    private struct Row: Equatable { var isStarred = true; var title = "T1" }
    private struct WithPaddedRow: Equatable { var row = Row(); var count = 1 }

    private func offsets(_ value: some Any) -> [Int]? { StructLayout(of: value)?.fields.map(\.offset) }

    func testAStructsPropertiesLieWhereSwiftLaysThemOut() {
        XCTAssertEqual(
            offsets(Plain()),
            [
                MemoryLayout<Plain>.offset(of: \.flag), MemoryLayout<Plain>.offset(of: \.count),
                MemoryLayout<Plain>.offset(of: \.name), MemoryLayout<Plain>.offset(of: \.border),
            ].compactMap { $0 })
        XCTAssertEqual(offsets(Padded()), [0, 8, 16])
        XCTAssertEqual(
            offsets(WithOptional()),
            [MemoryLayout<WithOptional>.offset(of: \.note), MemoryLayout<WithOptional>.offset(of: \.count)]
                .compactMap { $0 })
        XCTAssertEqual(offsets(WithRows())?.count, 2)
        XCTAssertEqual(offsets(WithClosure())?.count, 2, "a closure is read at its offset, never compared")
        XCTAssertNil(StructLayout(of: WithClosure())?.fields[1].inPlace)
    }

    /// A copy does not write the padding inside a property, so a sample whose padding holds what the memory held
    /// before is laid out all the same, as every other sample of its type is.
    func testThePaddingInsideAPropertyIsNotComparedWithMirrorsCopy() throws {
        var sample = WithPaddedRow()
        let padding = try XCTUnwrap(MemoryLayout<Row>.offset(of: \.isStarred)) + 1
        let title = try XCTUnwrap(MemoryLayout<Row>.offset(of: \.title))
        XCTAssertGreaterThan(title, padding, "the row has padding between its flag and its title")
        withUnsafeMutableBytes(of: &sample) { bytes in
            for index in padding..<title { bytes[index] = 0xA5 }
        }
        XCTAssertEqual(offsets(sample), offsets(WithPaddedRow()))
        XCTAssertEqual(offsets(sample)?.count, 2)
    }

    func testAPropertyIsReadAtItsOffset() throws {
        let layout = try XCTUnwrap(StructLayout(of: Plain()))
        let read: (Plain) -> Any = layout.fields[2].reader()
        XCTAssertEqual(read(Plain(name: "balabala")) as? String, "balabala")
        let compare = try XCTUnwrap(layout.fields[3].inPlace)
        let valid = Plain(), invalid = Plain(border: .invalid(["Too short."]))
        withUnsafePointer(to: valid) { old in
            withUnsafePointer(to: invalid) { XCTAssertFalse(compare.isEqual(old, $0)) }
            withUnsafePointer(to: Plain(count: 9)) { XCTAssertTrue(compare.isEqual(old, $0)) }
        }
    }

    /// `Mirror` hands over a property of an existential type as that existential, so it is laid out as one (and
    /// never compared in place: an existential is not `Equatable`).
    func testAnExistentialIsLaidOutAsItself() throws {
        let error = try XCTUnwrap(StructLayout(of: WithError()))
        XCTAssertEqual(error.fields.map(\.offset), [0])
        XCTAssertTrue(error.fields[0].type == (any Error).self)
        XCTAssertNil(error.fields[0].inPlace)
        let aligned = try XCTUnwrap(StructLayout(of: Aligned()))
        XCTAssertEqual(aligned.fields.map(\.offset), [0, MemoryLayout<Aligned>.offset(of: \.vector)].compactMap { $0 })
        XCTAssertTrue(aligned.fields[0].type == Any.self)
    }

    /// An existential whose inline buffer holds a smaller value has bytes no copy keeps: the bytes check refuses
    /// the layout, and the struct is read through `Mirror`.
    func testALayoutWhoseBytesDoNotMatchIsRefused() {
        XCTAssertNil(StructLayout(of: Untyped()))
        XCTAssertNil(StructLayout(of: UntypedLast()))
    }

    func testAClassInstanceIsRefused() {
        XCTAssertNil(StructLayout(of: WithClass()))
        XCTAssertNil(StructLayout(of: WithWeak()), "a weak reference is not stored as a strong one")
        XCTAssertNil(StructLayout(of: WithOptionalClass()))
    }

    /// A struct with a mirror of its own, which leaves its second property out: the offsets fall short of its size.
    private struct Veiled: CustomReflectable {
        var shown: Int64 = 1
        var hidden: Int64 = 2
        var customMirror: Mirror { Mirror(self, children: ["shown": shown], displayStyle: .struct) }
    }

    func testAMirrorThatLeavesAPropertyOutIsRefused() {
        XCTAssertNil(StructLayout(of: Veiled()))
    }

    func testWhatIsNotAStructIsRefused() {
        XCTAssertNil(StructLayout(of: Box()))
        XCTAssertNil(StructLayout(of: BorderState.valid))
        XCTAssertNil(StructLayout(of: (1, 2)))
    }

    func testARefusedStructIsStillReadThroughMirror() {
        let properties = StoredProperties.of(Untyped.self, sample: Untyped())
        XCTAssertEqual(properties.map(\.label), ["anything", "count"])
        XCTAssertEqual(properties.map(\.offset), [nil, nil])
        XCTAssertEqual(properties[1].value(Untyped(count: 4)) as? Int, 4)
    }
}
