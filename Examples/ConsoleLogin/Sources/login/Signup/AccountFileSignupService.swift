internal import LoginFeature

/// Creates accounts in an account file for the sign-up screen: the email is the account name, the password is
/// hashed with crypt(3), and the entry is added by ``AccountStore/addAccount(passwordHash:for:)``, with the same
/// lock and atomic replacement as `login add-user`; an existing entry is never replaced, and an email that is the
/// same name as an existing one (``AccountNameFolding``: `Victim@Example.com` for `victim@example.com`) is taken.
///
/// The file work runs on the main actor, as the program's other file work (its lock wait speaks on standard
/// error); the hashing runs off it.
@MainActor
final class AccountFileSignupService: SignupService {
    /// The account file. Its permissions were checked, and any warning shown, before the screen opened.
    let store: AccountStore
    /// Hashes new passwords (yescrypt).
    let hasher: any PasswordHasher
    /// The language of the reasons in ``SignupError/unavailable(_:)``, which the screen shows.
    let language: Language
    /// The account file's error, once writing it failed (such as a lock held too long): the sign-up screen shows
    /// it as an alert, and the console ends the session with exit status 2, as `add-user` does.
    private(set) var fileError: AccountStoreError?
    /// Told when writing the account file fails, before the screen hears of it.
    var fileDidFail: () -> Void = {}

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - store: The account file.
    ///   - hasher: Hashes new passwords.
    ///   - language: The language of the reasons the screen shows.
    init(store: AccountStore, hasher: any PasswordHasher, language: Language) {
        self.store = store
        self.hasher = hasher
        self.language = language
    }

    func signUp(email: String, password: String) async throws(SignupError) -> User {
        do {
            // A cheap look first, so a taken email does not cost a hash; the locked add checks again.
            if try store.loadIfPresent()?.entry(sameNameAs: email) != nil { throw SignupError.emailTaken }
            let hash: String
            do {
                hash = try await Self.hash(password, with: hasher)
            } catch {
                throw SignupError.unavailable(ProgramWords(language: language).cannotHash(error))
            }
            if Task.isCancelled { throw SignupError.cancelled }
            guard try store.addAccount(passwordHash: hash, for: email) else { throw SignupError.emailTaken }
            return User(name: email)
        } catch let error as SignupError {
            throw error
        } catch let error as AccountStoreError {
            fileError = error
            fileDidFail()
            throw .unavailable(error.description(in: language))
        } catch {
            throw .unavailable("\(error)")
        }
    }

    /// Hashes a password off the main actor.
    nonisolated private static func hash(_ password: String, with hasher: any PasswordHasher)
        async throws(PasswordHashingError) -> String
    {
        try hasher.hash(password)
    }
}
