/// Opens an optional type to its wrapped type: how the test support sees through an optional output or property
/// whose value is `nil`.
package protocol OptionalWrapping {
    /// The type the optional wraps.
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalWrapping {
    package static var wrappedType: Any.Type { Wrapped.self }
}
