/// Whether a ``ViewModelTester`` fails on delegate calls and output changes the test did not assert.
public enum TesterStrictness: Equatable, Sendable {
    /// Every delegate call must be asserted, and every expected-outputs closure must describe every change. The
    /// default.
    case exhaustive
    /// Calls the test does not assert are skipped, and expected-outputs closures check only the outputs they
    /// set. With `showingSkipped`, each skipped call is printed as a note, so you can see what the test ignores.
    case partial(showingSkipped: Bool)

    /// Partial, and quiet about what is skipped.
    public static let partial = TesterStrictness.partial(showingSkipped: false)
}
