/// A traced login screen: the object that owns the pattern's screen, and the tracing proxies that its roles hold
/// only weakly (as they hold the objects the proxies stand for), which would otherwise go at once.
final class TracedLoginScreen {
    /// What the pattern's own assembly returns: the object that owns the rest of the screen.
    let root: AnyObject
    /// The proxies nothing else holds strongly.
    let proxies: [AnyObject]

    /// Keeps a screen and its weakly held proxies together.
    ///
    /// - Parameters:
    ///   - root: The screen's owner.
    ///   - proxies: The proxies its roles hold weakly.
    init(_ root: AnyObject, keeping proxies: [AnyObject]) {
        self.root = root
        self.proxies = proxies
    }
}
