internal import Foundation
import PureMVVM

/// Where each stored property of a struct lies, worked out from a sample with public Swift alone and checked
/// against it before the tester reads any property in place.
///
/// Swift lays out a struct's stored properties in declaration order, each at the next offset its type's alignment
/// allows (`MemoryLayout` gives each type's size and alignment); `Mirror` names the properties in that order and
/// hands over each value boxed in `Any`, which Swift 6 opens to the type it was boxed as: the declared type, an
/// existential such as `any Error` included. That is how `Mirror` happens to work rather than what it promises, so
/// the layout is checked against the sample before any property is read in place, and the tester reads the struct
/// through `Mirror` instead when a check fails:
/// - the offsets add up to the struct's own size (a custom mirror may leave a stored property out);
/// - each property's bytes in the sample are the bytes of the value `Mirror` handed over;
/// - no property holds a class instance, or an optional of one: it may be `weak` or `unowned`, which is stored
///   otherwise than the strong reference `Mirror` hands over (and a `nil` weak reference has the same bytes).
///
/// A property that is itself a struct is compared field by field the same way, so the padding between its fields
/// (between a `Bool` and a `String` of a row, say) is never compared: a copy may or may not carry it over, and
/// comparing it refused some samples of a type and not others.
///
/// This is the one place the test library works out byte offsets. It is kept because the tester compares every
/// stored output after every input: through `Mirror`, each comparison boxes every property of both snapshots in
/// `Any`, which made a tested event about 13 times as dear (the Performance article's "Why the code is shaped this
/// way"). ``InPlaceComparison`` and ``RowsAccess`` read at the offsets it verified.
struct StructLayout {
    /// One stored property.
    struct Field {
        /// Its name, as `Mirror` gives it.
        let label: String
        /// The type of the sample's value, which is its declared type once the layout is verified.
        let type: Any.Type
        /// Where it starts, in bytes.
        let offset: Int
        /// Its comparison in place, when its type is `Equatable`.
        let inPlace: InPlaceComparison?
        /// Makes the function that reads its value from a root.
        let reader: ReaderMaker

        /// Makes the function that reads a field's value, for any root type.
        struct ReaderMaker {
            let offset: Int
            let load: (UnsafeRawPointer) -> Any

            func callAsFunction<Root>() -> (Root) -> Any {
                { [offset, load] root in withUnsafePointer(to: root) { load(UnsafeRawPointer($0) + offset) } }
            }
        }
    }

    /// The fields, in declaration order.
    let fields: [Field]

    /// The layout of the struct `sample` is a value of, or `nil` when it is not a struct or cannot be verified.
    ///
    /// - Parameter sample: A value of the struct.
    init?<Root>(of sample: Root) {
        let mirror = Mirror(reflecting: sample)
        guard mirror.displayStyle == .struct, mirror.superclassMirror == nil else { return nil }
        let (parts, end) = Shape.layOut(mirror.children)
        var fields: [Field] = []
        for part in parts {
            guard let label = part.child.label, !part.shape.mayBeReference else { return nil }
            fields.append(
                Field(
                    label: label, type: part.shape.type, offset: part.offset,
                    inPlace: part.shape.comparison(part.offset),
                    reader: Field.ReaderMaker(offset: part.offset, load: part.shape.load)))
        }
        // A custom mirror (CustomReflectable) may leave a stored property out: the offsets then fall short.
        guard end == MemoryLayout<Root>.size else { return nil }
        let matches = withUnsafeBytes(of: sample) { bytes in
            parts.allSatisfy { Shape.holds($0.child.value, at: $0.offset, in: bytes) }
        }
        guard matches else { return nil }
        self.fields = fields
    }

    /// What the layout needs of a value's type, opened from `Any`.
    private struct Shape {
        let type: Any.Type
        let size: Int
        let alignment: Int
        let mayBeReference: Bool
        let comparison: (Int) -> InPlaceComparison?
        let load: (UnsafeRawPointer) -> Any

        init(of value: Any) {
            func shape<Value>(_ value: Value) -> Shape { Shape(Value.self) }
            self = shape(value)
        }

        private init<Value>(_: Value.Type) {
            type = Value.self
            size = MemoryLayout<Value>.size
            alignment = MemoryLayout<Value>.alignment
            var unwrapped: Any.Type = Value.self
            while let optional = unwrapped as? any OptionalWrapping.Type { unwrapped = optional.wrappedType }
            mayBeReference = unwrapped is AnyObject.Type
            if let equatable = Value.self as? any Equatable.Type {
                func comparison<E: Equatable>(_: E.Type) -> (Int) -> InPlaceComparison? {
                    { InPlaceComparison(E.self, at: $0) }
                }
                self.comparison = comparison(equatable)
            } else {
                comparison = { _ in nil }
            }
            load = { $0.assumingMemoryBound(to: Value.self).pointee }
        }

        /// Where a struct's children lie if `Mirror` lists its stored properties in declaration order: each at the
        /// next offset its type's alignment allows, with where the last one ends.
        static func layOut(_ children: Mirror.Children) -> (
            parts: [(offset: Int, shape: Shape, child: Mirror.Child)], end: Int
        ) {
            var parts: [(offset: Int, shape: Shape, child: Mirror.Child)] = []
            var end = 0
            for child in children {
                let shape = Shape(of: child.value)
                let offset = (end + shape.alignment - 1) / shape.alignment * shape.alignment
                parts.append((offset, shape, child))
                end = offset + shape.size
            }
            return (parts, end)
        }

        /// Whether `bytes` hold `value` at `offset`, as its own type stores it: a struct field by field, skipping
        /// the padding between its fields; anything else byte for byte (an existential, a struct whose fields do
        /// not add up to its size).
        static func holds(_ value: Any, at offset: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
            let shape = Shape(of: value)
            let mirror = Mirror(reflecting: value)
            // A struct as itself: not one an existential holds, which `Mirror` reflects through.
            if mirror.displayStyle == .struct, mirror.subjectType == shape.type, !mirror.children.isEmpty {
                let (parts, end) = layOut(mirror.children)
                if end == shape.size {
                    return parts.allSatisfy { holds($0.child.value, at: offset + $0.offset, in: bytes) }
                }
            }
            func open<Value>(_ value: Value) -> Bool {
                withUnsafeBytes(of: value) { $0.elementsEqual(bytes[offset..<offset + $0.count]) }
            }
            return open(value)
        }
    }
}
