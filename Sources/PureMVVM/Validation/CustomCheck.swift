/// The predicate of a ``ValidationRule/custom(message:using:_:)`` rule and the helper it owns, such as a `Regex`
/// or a formatter that is not `Sendable`: the helper is handed over with `sending`, so nothing else can reach it,
/// and every check runs under a lock, so the rule is safe to use from any thread.
final class CustomCheck: Sendable {
    private let check: Locked<(String?) -> Bool>

    init<Helper>(_ helper: sending Helper, _ isValid: @escaping @Sendable (inout Helper, String?) -> Bool) {
        var helper = helper
        let check: (String?) -> Bool = { isValid(&helper, $0) }
        self.check = Locked(check)
    }

    func passes(_ text: String?) -> Bool {
        check.withLock { $0(text) }
    }
}
