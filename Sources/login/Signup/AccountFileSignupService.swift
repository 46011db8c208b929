internal import LoginFeature

/// Creates accounts in an account file for the sign-up screen: the email is the account name, the password is
/// hashed with crypt(3), and the entry is added by ``AccountStore/addAccount(passwordHash:for:)``, with the same
/// lock and atomic replacement as `login add-user`; an existing entry is never replaced.
struct AccountFileSignupService: SignupService {
    /// The account file's path. Its permissions were checked, and any warning shown, before the screen opened.
    let accountsPath: String
    /// Hashes new passwords (yescrypt).
    let hasher: any PasswordHasher
    /// The language of the reasons in ``SignupError/unavailable(_:)``, which the screen shows.
    let language: Language

    func signUp(email: String, password: String) async throws(SignupError) -> User {
        let store = AccountStore(path: accountsPath)
        do {
            // A cheap look first, so a taken email does not cost a hash; the locked add checks again.
            if try store.loadIfPresent()?.account(named: email) != nil { throw SignupError.emailTaken }
            let hash: String
            do {
                hash = try hasher.hash(password)
            } catch {
                throw SignupError.unavailable(ProgramWords(language: language).cannotHash(error))
            }
            if Task.isCancelled { throw SignupError.cancelled }
            guard try store.addAccount(passwordHash: hash, for: email) else { throw SignupError.emailTaken }
            return User(name: email)
        } catch let error as SignupError {
            throw error
        } catch let error as AccountStoreError {
            throw .unavailable(error.description(in: language))
        } catch {
            throw .unavailable("\(error)")
        }
    }
}
