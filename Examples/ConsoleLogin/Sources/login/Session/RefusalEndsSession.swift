internal import LoginFeature

/// An authenticator that ends the console session when the account service refuses the account itself (PAM's
/// `pam_acct_mgmt`: an expired or locked account, or a password that must be changed first), as login(1) does:
/// asking again could never succeed.
///
/// It passes every call through unchanged and, on ``AuthenticationError/accountRefused(reason:)`` and
/// ``AuthenticationError/passwordChangeRequired(reason:)``, tells the widgets before the pattern hears of it; the
/// widgets then show the pattern's alert (with the service's reason) and close the form, so the session ends with
/// exit status 1 whatever pattern drew the screen.
struct RefusalEndsSession: Authenticator {
    /// The authenticator that decides.
    let base: any Authenticator
    /// The widgets of the screen that asked.
    let widgets: ConsoleLoginWidgets

    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        do throws(AuthenticationError) {
            return try await base.authenticate(username: username, password: password)
        } catch .accountRefused(let reason) {
            await widgets.accountWasRefused()
            throw .accountRefused(reason: reason)
        } catch .passwordChangeRequired(let reason) {
            await widgets.accountWasRefused()  // login(1) would ask for a new password: this form cannot
            throw .passwordChangeRequired(reason: reason)
        }
    }
}
