/// What a validated field's border shows: the view maps it to a colour, the ViewModel never names one.
public enum BorderState: Hashable, Sendable {
    /// Nothing to show yet: the field is untouched, or its policy says to wait.
    case neutral
    /// The text passes every rule.
    case valid
    /// The text fails; the messages say why, one per failed rule, in rule order.
    case invalid([String])

    /// Whether the field shows as valid.
    @inlinable
    public var isValid: Bool {
        if case .valid = self { return true }
        return false
    }

    /// Whether the field shows as invalid.
    public var isInvalid: Bool {
        if case .invalid = self { return true }
        return false
    }

    /// Whether two states are the same: the same case and, for ``invalid(_:)``, the same messages.
    ///
    /// Written out and `@inlinable` so that a ViewModel's module compares borders in place (as
    /// ``OutputStore/update(notifying:_:)`` does for every border on every event) instead of calling the derived
    /// comparison across the module boundary.
    ///
    /// - Parameters:
    ///   - lhs: A state.
    ///   - rhs: Another state.
    /// - Returns: Whether they are equal.
    @inlinable
    public static func == (lhs: BorderState, rhs: BorderState) -> Bool {
        switch (lhs, rhs) {
        case (.neutral, .neutral), (.valid, .valid): true
        case (.invalid(let left), .invalid(let right)): left == right
        default: false
        }
    }

    /// The failure messages, empty unless the state is ``invalid(_:)``.
    public var messages: [String] {
        if case .invalid(let messages) = self { return messages }
        return []
    }
}
