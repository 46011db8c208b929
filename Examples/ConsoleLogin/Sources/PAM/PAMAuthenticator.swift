public import LoginFeature

/// Signs users in with the system's accounts through Linux-PAM, as login(1), su and sshd do: whatever the
/// machine's PAM service is configured to ask (local files with pam_unix, LDAP, Kerberos or Active Directory
/// through sssd).
///
/// One sign-in is one PAM transaction, run on a thread of its own because PAM calls block: `pam_start` with the
/// service and the username, `pam_authenticate` (the conversation answers the password's prompt with the
/// password, once, refuses any other prompt, and keeps PAM's information and error messages), `pam_acct_mgmt` (an expired or locked account is
/// refused with PAM's reason; a password that must be changed first, `PAM_NEW_AUTHTOK_REQD`, too, as its own
/// error), then `pam_end` on every path. It does not open a session, change user or change a password: the
/// console login signs in, it does not start a shell. After a sign-in the user's full name is read from the
/// system's account database (`getpwnam_r`: /etc/passwd, or a directory through nss-pam-ldapd or sssd).
///
/// - Wrong credentials fail alike: an unknown user, a wrong password and any other authentication failure are
///   ``AuthenticationError/invalidCredentials``, and whatever PAM said during that attempt is dropped, since what
///   a module says about an unknown name could tell an attacker which names exist.
/// - After a successful `pam_authenticate`, the messages are the user's: they come in ``User/messages``, or as
///   the reason of ``AuthenticationError/accountRefused(reason:)``.
/// - A service PAM cannot run (a broken stack, an unreachable directory, a prompt the form cannot answer: one
///   with echo on, a one-time code, the password asked a second time) is ``AuthenticationError/unavailable``; the
///   password never answers a prompt that is not its own.
/// - The conversation keeps its copy of the password only until `pam_authenticate` returns, then wipes it.
/// - Cancelling the calling task returns ``AuthenticationError/cancelled`` at once; the transaction's thread
///   refuses PAM's further prompts, finishes and calls `pam_end` by itself.
///
/// Linux-PAM is opened by its soname (`libpam.so.0`) when the first authenticator is made; where it cannot be,
/// ``init(service:)`` throws ``PAMError/libraryMissing(_:)``, and outside Linux ``PAMError/unavailable``.
///
/// ```swift
/// let authenticator = try PAMAuthenticator(service: "puremvvm-login")   // /etc/pam.d/puremvvm-login
/// let user = try await authenticator.authenticate(username: "dimsky", password: typed)
/// ```
public struct PAMAuthenticator: Authenticator {
    /// A step of a transaction, reported to the test hook.
    package enum Event: Hashable, Sendable {
        /// `pam_start` returned a handle.
        case started
        /// `pam_end` released it.
        case ended
    }

    /// Whether Linux-PAM could be opened: on Linux, when `libpam.so.0` is installed.
    public static var isAvailable: Bool { PAMTransaction.isAvailable }

    /// The PAM service: the name of the file in /etc/pam.d that says how to check accounts.
    public let service: String

    private let configurationDirectory: String?
    private let events: (@Sendable (Event) -> Void)?

    /// Creates an authenticator for a PAM service.
    ///
    /// - Parameter service: The service name, such as `login` or `puremvvm-login`: letters, digits, `.`, `_`
    ///   and `-`, not starting with `.`. Linux-PAM reads /etc/pam.d/SERVICE, or /etc/pam.d/other when there is
    ///   no such file.
    /// - Throws: ``PAMError/libraryMissing(_:)`` when `libpam.so.0` cannot be opened, ``PAMError/unavailable``
    ///   outside Linux, and ``PAMError/invalidServiceName(_:)`` for a name that is not a file name in /etc/pam.d.
    public init(service: String) throws(PAMError) {
        try self.init(service: service, configurationDirectory: nil, events: nil)
    }

    /// Creates an authenticator that reads its service file from another folder (`pam_start_confdir`, Linux-PAM
    /// 1.4 and later) and reports each handle's start and end: for tests, which cannot write /etc/pam.d.
    ///
    /// - Parameters:
    ///   - service: The service name.
    ///   - configurationDirectory: The folder of service files; `nil` for the system's.
    ///   - events: Called on the transaction's thread after each `pam_start` that returned a handle and after
    ///     each `pam_end`.
    /// - Throws: As ``init(service:)``; ``PAMError/unavailable`` too when a folder is given and this Linux-PAM has
    ///   no `pam_start_confdir`.
    package init(
        service: String, configurationDirectory: String?, events: (@Sendable (Event) -> Void)?
    ) throws(PAMError) {
        if let error = PAMTransaction.openingError { throw error }
        guard configurationDirectory == nil || PAMTransaction.canReadOtherDirectories else { throw .unavailable }
        guard Self.isServiceName(service) else { throw .invalidServiceName(service) }
        self.service = service
        self.configurationDirectory = configurationDirectory
        self.events = events
    }

    /// Tells whether a text can name a PAM service: a file name in /etc/pam.d.
    ///
    /// - Parameter name: The text.
    /// - Returns: `true` for 1 to 255 ASCII letters, digits, `.`, `_` and `-`, not starting with `.`.
    public static func isServiceName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "."), name.utf8.count <= 255 else { return false }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default: false
            }
        }
    }

    /// Signs a user in through the PAM service.
    ///
    /// - Parameters:
    ///   - username: The account name as typed; PAM may hand back another spelling (such as a canonical case),
    ///     which the returned user carries.
    ///   - password: The password; the conversation's copy is wiped once `pam_authenticate` returns.
    /// - Returns: The signed-in user, with the full name the system's account database gives (the first field of
    ///   its GECOS field) and PAM's messages.
    /// - Throws: ``AuthenticationError/invalidCredentials`` for any failed authentication (a name or password
    ///   with a NUL character too), ``AuthenticationError/accountRefused(reason:)`` when `pam_acct_mgmt` refuses
    ///   the account, ``AuthenticationError/passwordChangeRequired(reason:)`` when it says the password must be
    ///   changed first, ``AuthenticationError/unavailable`` when PAM cannot run the service, and
    ///   ``AuthenticationError/cancelled`` when the calling task is cancelled.
    public func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        if Task.isCancelled { throw .cancelled }
        guard !username.utf8.contains(0), !password.utf8.contains(0), !username.isEmpty else {
            throw .invalidCredentials
        }
        let transaction = PAMTransaction(
            service: service, username: username, password: password,
            configurationDirectory: configurationDirectory, events: events)
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { transaction.start(reportingTo: $0) }
        } onCancel: {
            transaction.cancel()
        }
        switch outcome {
        case .signedIn(let name, let fullName, let messages):
            return User(name: name, fullName: fullName, messages: messages)
        case .rejected: throw .invalidCredentials
        case .refused(let reason): throw .accountRefused(reason: reason)
        case .passwordChangeRequired(let reason): throw .passwordChangeRequired(reason: reason)
        case .unavailable: throw .unavailable
        case .cancelled: throw .cancelled
        }
    }
}
