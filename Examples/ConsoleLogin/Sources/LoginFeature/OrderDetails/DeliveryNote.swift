public import PureMVVM

/// The rule of an order's delivery note, which the order's details screen (``OrderDetailsViewModel``) checks before
/// it saves one: 3 to 200 characters, surrounding white space not counted (and not saved).
///
/// ```swift
/// var note = ValidatedField(rule: DeliveryNote.rule(in: .english), whitespace: .trim)
/// note.edit("ok")
/// note.border      // .invalid(["Must be 3 to 200 characters."])
/// ```
public enum DeliveryNote {
    /// How many characters a note may have.
    public static let lengths = 3...200

    /// The rule, with its message in a language.
    ///
    /// - Parameter language: The language of the message.
    /// - Returns: The rule: ``lengths`` characters.
    public static func rule(in language: Language) -> ValidationRule {
        ValidationRule.length(in: lengths).withDefaultMessages(language.validationMessages)
    }
}
