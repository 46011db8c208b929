import LoginFeature
import PureMVVM
import TestSupport
import XCTest

/// The alert for a password that must be changed before signing in (PAM's `PAM_NEW_AUTHTOK_REQD`): what the
/// account service said, as login(1) shows it, then how to change it, since the login form cannot.
final class PasswordChangeAlertTests: GuardedTestCase {
    func testTheServicesReasonComesFirstAsASentenceThenHowToChangeIt() {
        let cases: [(reason: String, english: String, chinese: String)] = [
            (
                "Password must be changed",
                "Password must be changed. Change it with passwd, then sign in again.",
                "Password must be changed。请用 passwd 更改密码，然后重新登录。"
            ),
            (
                "You are required to change your password immediately (password expired).",
                "You are required to change your password immediately (password expired). Change it with passwd, "
                    + "then sign in again.",
                "You are required to change your password immediately (password expired)."
                    + "请用 passwd 更改密码，然后重新登录。"
            ),
            (
                "密码已过期。", "密码已过期。 Change it with passwd, then sign in again.",
                "密码已过期。请用 passwd 更改密码，然后重新登录。"
            ),
            ("", "Change it with passwd, then sign in again.", "请用 passwd 更改密码，然后重新登录。"),
        ]
        for (reason, english, chinese) in cases {
            let error = AuthenticationError.passwordChangeRequired(reason: reason)
            XCTAssertEqual(
                LoginAlerts.english.alert(for: error), AlertContent(title: "Password change required", message: english))
            XCTAssertEqual(LoginAlerts.chinese.alert(for: error), AlertContent(title: "需要更改密码", message: chinese))
        }
    }
}
