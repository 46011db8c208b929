internal import LoginFeature

/// An authenticator that counts failed sign-ins across sessions in the account file's failure tally
/// (``FailureTally``, `FILE.faillock`), as pam_faillock does for the system's accounts: after `deny` failures in a
/// row a name is refused for `unlock_time` seconds, whatever its password, and a success clears its count.
///
/// Each sign-in of an account's name first takes the account file's lock, reads the tally again there, refuses the
/// name if it is locked (without checking the password), and otherwise counts the attempt as a failure at once,
/// before the password is checked. So sign-ins side by side, in any number of processes, check at most `deny`
/// wrong passwords of a name before it locks: each one that passes holds one of its `deny` places. The password is
/// checked off the lock. A wrong one is already counted; a right one takes its failure back under the lock and
/// then looks at the tally again (pam_faillock's `authsucc`): if the failures of other sign-ins locked the name
/// meanwhile, it is refused, else its count is cleared; one that could not be checked (the check unavailable or
/// cancelled) takes its failure back.
///
/// A name without an account is not counted, as pam_faillock counts no unknown user, so names typed at random
/// cannot fill the tally (or lock anyone out); its sign-in still reads and rewrites the tally under the lock, as a
/// counted failure does, so the file work takes the same time for every name. The tally's file work runs on the
/// main actor, as the program's other file work; the password check runs off it.
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
    /// The account's name as the account file writes it, for a name as typed (in either Unicode form); `nil` when
    /// the file has no such account, whose failures are not counted.
    let accountName: (String) -> String?

    /// Creates the authenticator.
    ///
    /// - Parameters:
    ///   - base: The authenticator that checks the password.
    ///   - store: The account file, its lock and its tally.
    ///   - policy: When a name is locked.
    ///   - now: The time, in seconds since 1970.
    ///   - words: The words of the refusal.
    ///   - report: Told why the tally could not be used.
    ///   - accountName: The account's name for a name as typed; `nil` for a name without an account.
    init(
        base: any Authenticator, store: AccountStore, policy: FailureTally.Policy, now: @escaping () -> Int64,
        words: LoginSafetyWords, report: @escaping (String) -> Void, accountName: @escaping (String) -> String?
    ) {
        self.base = base
        self.store = store
        self.policy = policy
        self.now = now
        self.words = words
        self.report = report
        self.accountName = accountName
    }

    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        do {
            let name = accountName(username)
            let started = now()
            var lockedFor: Int?
            var isCounted = false
            // Before the check, under the lock: a locked name is refused; any other counts as failed until its
            // password is found right. An unknown name rewrites the tally as it is (the same work, nothing counted).
            try store.updateTally(rewriting: true) { tally in
                tally.forgetExpired(at: started, policy: policy)
                guard let name else { return }
                lockedFor = tally.lockTimeLeft(for: name, at: started, policy: policy)
                if lockedFor == nil { isCounted = tally.recordFailure(of: name, at: started, policy: policy) }
            }
            if let lockedFor { throw refusal(secondsLeft: lockedFor) }
            // A name that could not be counted is never checked uncounted: the sign-in fails closed.
            if let name, !isCounted {
                report(words.notCounted(name))
                throw AuthenticationError.unavailable
            }
            let outcome: Result<User, AuthenticationError>
            do throws(AuthenticationError) {
                outcome = .success(try await base.authenticate(username: username, password: password))
            } catch {
                outcome = .failure(error)
            }
            guard let name else { return try outcome.get() }
            switch outcome {
            case .success:
                // As pam_faillock's authsucc: the name may have been locked by other sign-ins meanwhile.
                try store.updateTally { tally in
                    tally.withdrawFailure(of: name)
                    lockedFor = tally.lockTimeLeft(for: name, at: now(), policy: policy)
                    if lockedFor == nil { tally.reset(name) }
                }
                if let lockedFor { throw refusal(secondsLeft: lockedFor) }
            case .failure(.invalidCredentials): break  // counted before the check
            case .failure: try store.updateTally { $0.withdrawFailure(of: name) }  // not checked: no failure
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

    /// The refusal of a locked name.
    private func refusal(secondsLeft: Int) -> AuthenticationError {
        .accountRefused(reason: words.lockedByTally(secondsLeft: secondsLeft))
    }
}
