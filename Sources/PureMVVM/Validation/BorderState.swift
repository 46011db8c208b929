/// What a validated field's border shows: the view maps it to a colour, the ViewModel never names one.
public enum BorderState: Hashable, Sendable {
    /// Nothing to show yet: the field is untouched, or its policy says to wait.
    case neutral
    /// The text passes every rule.
    case valid
    /// The text fails; the messages say why, one per failed rule, in rule order.
    case invalid([String])

    /// Whether the field shows as valid.
    public var isValid: Bool { self == .valid }

    /// Whether the field shows as invalid.
    public var isInvalid: Bool {
        if case .invalid = self { return true }
        return false
    }

    /// The failure messages, empty unless the state is ``invalid(_:)``.
    public var messages: [String] {
        if case .invalid(let messages) = self { return messages }
        return []
    }
}
