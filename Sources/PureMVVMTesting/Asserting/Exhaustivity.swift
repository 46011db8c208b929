/// Whether a ``ViewModelTester`` fails on delegate calls and output changes the test did not assert.
public enum Exhaustivity: Equatable, Sendable {
    /// Every delegate call must be asserted, and every expected-outputs closure must describe every change. The
    /// default.
    case on
    /// Calls the test does not assert are skipped, and expected-outputs closures check only the outputs they
    /// set. With `showSkipped`, each skipped call is printed as a note, so you can see what the test ignores.
    case off(showSkipped: Bool)

    /// Non-exhaustive, and quiet about what is skipped.
    public static let off = Exhaustivity.off(showSkipped: false)
}
