/// What a ViewModel asks its view to show as an alert: a title, a message, and the buttons the user answers with.
///
/// The ViewModel decides the words and the answers; the view decides how they look (a SwiftUI `.alert`, a
/// `UIAlertController`, a choice on a console). `Action` is the ViewModel's own type for the answers: when the user
/// picks a button, the view calls the ViewModel's input with that button's action. An alert that only informs has no
/// buttons of its own (`AlertContent<Never>`), and the view shows its usual way to dismiss it.
///
/// ```swift
/// enum DraftAlertAction: Hashable, Sendable { case discard }
///
/// delegate?.showAlert(
///     AlertContent(
///         title: "Discard the draft?", message: "Your changes will be lost.",
///         buttons: [
///             .cancel("Keep editing"),
///             .destructive("Discard", action: .discard),
///         ]))
///
/// // The view, when the user picks a button:
/// if let action = button.action { viewModel.alertButtonTapped(action) }
/// ```
public struct AlertContent<Action: Hashable & Sendable>: Hashable, Sendable {
    /// A short headline, such as "Sign-in failed".
    public var title: String
    /// The explanation, such as "Wrong username or password."
    public var message: String
    /// The buttons, in the order the view shows them; none for an alert that only informs.
    public var buttons: [Button]

    /// Creates an alert with buttons.
    ///
    /// - Parameters:
    ///   - title: A short headline.
    ///   - message: The explanation.
    ///   - buttons: The buttons, in order.
    public init(title: String, message: String, buttons: [Button]) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }

    /// One answer the user can give to an alert.
    public struct Button: Hashable, Sendable {
        /// How a button's answer differs from the others, which the view shows in its own way.
        public enum Role: Hashable, Sendable {
            /// Leaves things as they are: the answer a view picks when the alert is dismissed another way.
            case cancel
            /// Destroys or discards something, such as a draft.
            case destructive
        }

        /// The button's words, such as "Try again".
        public var title: String
        /// Its role; `nil` for an ordinary button.
        public var role: Role?
        /// The answer the view hands to the ViewModel's input; `nil` for a button that only dismisses the alert.
        public var action: Action?

        /// Creates a button.
        ///
        /// - Parameters:
        ///   - title: The button's words.
        ///   - role: Its role; `nil` for an ordinary button.
        ///   - action: The answer it gives; `nil` for a button that only dismisses the alert.
        public init(_ title: String, role: Role? = nil, action: Action? = nil) {
            self.title = title
            self.role = role
            self.action = action
        }

        /// A button that leaves things as they are.
        ///
        /// - Parameters:
        ///   - title: The button's words, such as "Cancel".
        ///   - action: The answer it gives; `nil` (the default) when the ViewModel need not hear of it.
        /// - Returns: The button, with the ``Role/cancel`` role.
        public static func cancel(_ title: String, action: Action? = nil) -> Button {
            Button(title, role: .cancel, action: action)
        }

        /// A button that destroys or discards something.
        ///
        /// - Parameters:
        ///   - title: The button's words, such as "Discard".
        ///   - action: The answer it gives.
        /// - Returns: The button, with the ``Role/destructive`` role.
        public static func destructive(_ title: String, action: Action) -> Button {
            Button(title, role: .destructive, action: action)
        }
    }
}

extension AlertContent where Action == Never {
    /// Creates an alert that only informs: the view shows its usual way to dismiss it.
    ///
    /// - Parameters:
    ///   - title: A short headline.
    ///   - message: The explanation.
    public init(title: String, message: String) {
        self.init(title: title, message: message, buttons: [])
    }
}
