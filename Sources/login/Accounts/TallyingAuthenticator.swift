internal import LoginFeature

/// An authenticator that counts failed sign-ins across sessions in the account file's failure tally
/// (``FailureTally``, `FILE.faillock`), as pam_faillock does for the system's accounts: after `deny` failures in a
/// row a name is refused for `unlock_time` seconds, whatever its password, and a success clears its count.
///
/// As pam_faillock does, a sign-in looks at the tally first (refusing a locked name without checking its
/// password), checks the password, and then counts the outcome: it takes the account file's lock only to change
/// the tally (a failure, or a success that clears a count), reading it again under the lock, so no failure of
/// sessions side by side is lost, and a sign-in with nothing to count writes nothing and takes no lock. Every
/// name typed is counted, and an unknown name is locked as a known one is: the tally tells nothing about which
/// names exist. The tally's file work runs on the main actor, as the program's other file work; the password
/// check runs off it.
@MainActor
final class TallyingAuthenticator: Authenticator {
    /// The authenticator that checks the password.
    let base: any Authenticator
    /// The account file, its lock and its tally.
    let store: AccountStore
    /// When a name is locked.
    let policy: FailureTally.Policy
    /// The time, in seconds since 1970.
    let now: () -> Int64
    /// The words of the refusal.
    let words: LoginSafetyWords
    /// Told why the tally could not be used (an error on standard error); the sign-in is then unavailable.
    let report: (String) -> Void

    /// Creates the authenticator.
    ///
    /// - Parameters:
    ///   - base: The authenticator that checks the password.
    ///   - store: The account file, its lock and its tally.
    ///   - policy: When a name is locked.
    ///   - now: The time, in seconds since 1970.
    ///   - words: The words of the refusal.
    ///   - report: Told why the tally could not be used.
    init(
        base: any Authenticator, store: AccountStore, policy: FailureTally.Policy, now: @escaping () -> Int64,
        words: LoginSafetyWords, report: @escaping (String) -> Void
    ) {
        self.base = base
        self.store = store
        self.policy = policy
        self.now = now
        self.words = words
        self.report = report
    }

    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        do {
            // As pam_faillock: look first (a tally is replaced atomically, so it reads whole without the lock),
            // check the password, then count under the lock, reading the tally again there.
            let tally = try store.readTally()
            if let secondsLeft = tally.lockTimeLeft(for: username, at: now(), policy: policy) {
                throw AuthenticationError.accountRefused(reason: words.lockedByTally(secondsLeft: secondsLeft))
            }
            let outcome: Result<User, AuthenticationError>
            do throws(AuthenticationError) {
                outcome = .success(try await base.authenticate(username: username, password: password))
            } catch {
                outcome = .failure(error)
            }
            switch outcome {
            case .success:
                if tally.records[username] != nil { try store.updateTally { _ = $0.reset(username) } }
            case .failure(.invalidCredentials):
                let now = now()
                try store.updateTally { tally in
                    tally.forgetExpired(at: now, policy: policy)
                    tally.recordFailure(of: username, at: now, policy: policy)
                }
            case .failure: break
            }
            return try outcome.get()
        } catch let error as AuthenticationError {
            throw error
        } catch let error as AccountStoreError {
            report(error.description(in: words.language))
            throw .unavailable
        } catch {
            report("\(error)")
            throw .unavailable
        }
    }
}
