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
    public func alert(for error: AuthenticationError) -> Alert? {
        switch (error, language) {
        case (.invalidCredentials, .english): Alert(title: "Sign-in failed", message: "Wrong username or password.")
        case (.invalidCredentials, .chinese): Alert(title: "登录失败", message: "用户名或密码错误。")
        case (.lockedOut, .english):
            Alert(title: "Sign-in failed", message: "Too many failed attempts. Try again later.")
        case (.lockedOut, .chinese): Alert(title: "登录失败", message: "失败次数过多，请稍后再试。")
        case (.unavailable, .english):
            Alert(title: "Sign-in unavailable", message: "The account service cannot be reached. Try again later.")
        case (.unavailable, .chinese): Alert(title: "无法登录", message: "无法连接账户服务，请稍后再试。")
        // The reason is the account service's own text (PAM's), shown as it came.
        case (.accountRefused(let reason), .english): Alert(title: "Sign-in refused", message: reason)
        case (.accountRefused(let reason), .chinese): Alert(title: "拒绝登录", message: reason)
        // What login(1) shows before it asks for a new password (pam_chauthtok), then how to change it here: the
        // login form has no new-password fields.
        case (.passwordChangeRequired(let reason), .english):
            Alert(
                title: "Password change required",
                message: Self.sentence(reason, endingWith: ". ") + "Change it with passwd, then sign in again.")
        case (.passwordChangeRequired(let reason), .chinese):
            Alert(
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
    public func alert(for message: AccountServiceMessage) -> Alert {
        switch (message.kind, language) {
        case (.info, .english): Alert(title: "Notice", message: message.text)
        case (.info, .chinese): Alert(title: "提示", message: message.text)
        case (.error, .english): Alert(title: "Warning", message: message.text)
        case (.error, .chinese): Alert(title: "警告", message: message.text)
        }
    }

    /// The alert for the failure that used up the last attempt (see ``LoginFailurePolicy``): the session ends.
    public var noAttemptsLeft: Alert {
        switch language {
        case .english: Alert(title: "Sign-in failed", message: "Wrong username or password. No attempts left.")
        case .chinese: Alert(title: "登录失败", message: "用户名或密码错误。没有剩余的尝试次数。")
        }
    }
}
