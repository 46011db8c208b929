/// A reference that does not keep its object alive: `weak let` needs Swift 6.2, and Swift 6.3 warns about a local
/// `weak var` that never changes. For the tester, and for this package's tests (package access).
package struct WeakReference<Object: AnyObject> {
    /// The object, or `nil` once it is freed.
    package private(set) weak var object: Object?

    /// Refers to an object without keeping it alive.
    ///
    /// - Parameter object: The object.
    package init(_ object: Object?) {
        self.object = object
    }
}
