public import PureMVVM

/// The words of the login screen's alerts in one ``Language``, shared by every way of writing the screen so they
/// all say the same.
///
/// ```swift
/// LoginAlerts.english.alert(for: .invalidCredentials)    // Sign-in failed: Wrong username or password.
/// LoginAlerts.chinese.alert(for: .invalidCredentials)    // 登录失败：用户名或密码错误。
/// ```
///
/// An unknown user and a wrong password get the same alert: telling them apart would tell an attacker which names
/// exist.
public struct LoginAlerts: Hashable, Sendable {
    /// The language of every alert.
    public var language: Language

    /// The alerts in a language.
    ///
    /// - Parameter language: The language of every alert.
    public init(language: Language) {
        self.language = language
    }

    /// The alerts in English.
    public static let english = LoginAlerts(language: .english)
    /// The alerts in Simplified Chinese.
    public static let chinese = LoginAlerts(language: .chinese)

    /// The alert for a failed sign-in.
    ///
    /// - Parameter error: Why the sign-in failed.
    /// - Returns: The alert to show; `nil` for ``AuthenticationError/cancelled``, which the user caused and needs
    ///   no message.
    public func alert(for error: AuthenticationError) -> AlertContent<Never>? {
        switch (error, language) {
        case (.invalidCredentials, .english): AlertContent(title: "Sign-in failed", message: "Wrong username or password.")
        case (.invalidCredentials, .chinese): AlertContent(title: "登录失败", message: "用户名或密码错误。")
        case (.lockedOut, .english):
            AlertContent(title: "Sign-in failed", message: "Too many failed attempts. Try again later.")
        case (.lockedOut, .chinese): AlertContent(title: "登录失败", message: "失败次数过多，请稍后再试。")
        case (.unavailable, .english):
            AlertContent(title: "Sign-in unavailable", message: "The account service cannot be reached. Try again later.")
        case (.unavailable, .chinese): AlertContent(title: "无法登录", message: "无法连接账户服务，请稍后再试。")
        // The reason is the account service's own text (PAM's), shown as it came.
        case (.accountRefused(let reason), .english): AlertContent(title: "Sign-in refused", message: reason)
        case (.accountRefused(let reason), .chinese): AlertContent(title: "拒绝登录", message: reason)
        // What login(1) shows before it asks for a new password (pam_chauthtok), then how to change it here: the
        // login form has no new-password fields.
        case (.passwordChangeRequired(let reason), .english):
            AlertContent(
                title: "Password change required",
                message: Self.sentence(reason, endingWith: ". ") + "Change it with passwd, then sign in again.")
        case (.passwordChangeRequired(let reason), .chinese):
            AlertContent(
                title: "需要更改密码",
                message: Self.sentence(reason, endingWith: "。") + "请用 passwd 更改密码，然后重新登录。")
        case (.cancelled, _): nil
        }
    }

    /// A reason as the account service gave it, followed by `stop` (a full stop, and in English a space); when it
    /// ends with a sentence's end already (`.`, `!`, `?`, `。`, `！`, `？`), only `stop`'s space follows. An empty
    /// reason gives nothing.
    private static func sentence(_ reason: String, endingWith stop: String) -> String {
        guard let last = reason.last else { return "" }
        return ".!?。！？".contains(last) ? reason + stop.drop { $0 != " " } : reason + stop
    }

    /// The alert for a message the account service gave while signing in (see ``User/messages``).
    ///
    /// - Parameter message: The message, as the service wrote it; the view sanitises it, as all alert text.
    /// - Returns: A "Notice" for information, a "Warning" for an error message.
    public func alert(for message: AccountServiceMessage) -> AlertContent<Never> {
        switch (message.kind, language) {
        case (.info, .english): AlertContent(title: "Notice", message: message.text)
        case (.info, .chinese): AlertContent(title: "提示", message: message.text)
        case (.error, .english): AlertContent(title: "Warning", message: message.text)
        case (.error, .chinese): AlertContent(title: "警告", message: message.text)
        }
    }

    /// The alert for the failure that used up the last attempt (see ``LoginFailurePolicy``): the session ends.
    public var noAttemptsLeft: AlertContent<Never> {
        switch language {
        case .english: AlertContent(title: "Sign-in failed", message: "Wrong username or password. No attempts left.")
        case .chinese: AlertContent(title: "登录失败", message: "用户名或密码错误。没有剩余的尝试次数。")
        }
    }
}
