internal import LoginFeature

/// How a PAM transaction ended, in the terms ``PAMAuthenticator`` reports.
enum PAMOutcome: Sendable, Equatable {
    /// Authenticated and allowed: the user's name as PAM has it (`PAM_USER`), the full name the system's account
    /// database gives for it, and the messages PAM gave.
    case signedIn(name: String, fullName: String?, messages: [AccountServiceMessage])
    /// Authentication failed, for whatever reason PAM gave: the messages are dropped.
    case rejected
    /// Authenticated, but `pam_acct_mgmt` refused the account: the reason to show.
    case refused(reason: String)
    /// Authenticated, but `pam_acct_mgmt` said the password must be changed first (`PAM_NEW_AUTHTOK_REQD`): the
    /// reason to show.
    case passwordChangeRequired(reason: String)
    /// PAM could not run the service.
    case unavailable(reason: String)
    /// The caller gave up.
    case cancelled
}

/// The messages PAM gave during a transaction, kept for the user once the password has been accepted: at most
/// ``maximumCount`` lines of at most ``maximumBytes`` bytes each (PAM's own limit is 512), split at newlines,
/// without trailing blank lines.
struct PAMMessages: Sendable {
    static let maximumCount = 64
    static let maximumBytes = 1024

    private(set) var all: [AccountServiceMessage] = []

    /// Adds a message as PAM gave it.
    mutating func append(_ kind: AccountServiceMessage.Kind, _ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        for line in lines where all.count < Self.maximumCount {
            var line = line
            if line.utf8.count > Self.maximumBytes {
                line = String(decoding: line.utf8.prefix(Self.maximumBytes), as: UTF8.self) + "…"
            }
            all.append(AccountServiceMessage(kind, line))
        }
    }

    /// The reason of a refusal: the messages PAM gave while checking the account, errors first, or else PAM's
    /// description of its result code.
    static func refusalReason(messages: [AccountServiceMessage], description: String) -> String {
        let errors = messages.filter { $0.kind == .error }.map(\.text)
        let infos = messages.filter { $0.kind == .info }.map(\.text)
        let said = (errors + infos).filter { !$0.allSatisfy(\.isWhitespace) }
        return said.isEmpty ? description : said.joined(separator: " ")
    }
}
