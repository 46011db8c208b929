/// A weak reference a test keeps to check that an object was freed: `weak let` needs Swift 6.2 and Swift 6.3 warns
/// about a `weak var` that never changes.
public struct WeakReference<Object: AnyObject> {
    /// The object, or `nil` once it is freed.
    public private(set) weak var object: Object?

    /// Refers to an object without keeping it alive.
    ///
    /// - Parameter object: The object.
    public init(_ object: Object?) {
        self.object = object
    }
}
