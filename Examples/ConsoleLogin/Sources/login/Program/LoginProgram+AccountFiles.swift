internal import ConsoleView
internal import LoginFeature

extension LoginProgram {
    /// The most entries of one kind of problem ``report(_:of:)`` lists before it only counts the rest.
    static let reportedProblems = 10

    /// The authenticator for an account file: every entry's hash checked once (``AccountHashes``: an entry that
    /// cannot sign in locks only itself, and every sign-in costs the same), the problems reported, and, unless
    /// `--deny 0`, the failed sign-ins of its accounts counted in the file's failure tally (``TallyingAuthenticator``).
    ///
    /// - Parameters:
    ///   - file: The account file, read.
    ///   - path: Its path.
    ///   - hasher: The hasher that checks passwords.
    ///   - options: The session's options (the language, `--deny`, `--unlock-time`).
    ///   - reporting: Whether to report the entries that cannot sign in or are weak (not again after a sign-up).
    /// - Returns: The authenticator; `nil` after saying why, when the address-space limit is too low for a check
    ///   of the file's costliest hashes (``ResourceLimits/addressSpace(forHashesOf:)``).
    func accountFileAuthenticator(
        _ file: AccountFile, at path: String, hasher: any PasswordHasher, _ options: SignInOptions,
        reporting: Bool = true
    ) -> (any Authenticator)? {
        let words = safetyWords
        let hashes = AccountHashes(file: file, hasher: hasher)
        if reporting { report(hashes, of: path) }
        if let shortfall = environment.addressSpaceShortfall(hashes.largestCheckMemory) {
            fail(words.resourcesShort(shortfall, accountsPath: path))
            return nil
        }
        let authenticator = AccountAuthenticator(file: file, hashes: hashes, hasher: hasher)
        let policy = options.failurePolicy
        guard policy.isEnabled else { return authenticator }
        // Every sign-in takes the lock for a few milliseconds, so sign-ins side by side wait for each other often:
        // they wait silently (a writer that keeps it past the timeout still makes the sign-in unavailable, saying so).
        var store = accountStore(path)
        store.lockWait.waiting = {}
        return TallyingAuthenticator(
            base: authenticator, store: store, policy: policy, now: environment.now, words: words,
            report: { fail($0) }, accountName: { file.account(named: $0)?.name })
    }

    /// Reports, on standard error, the entries of an account file that cannot sign in and those whose hash is
    /// weak, by line: at most ``reportedProblems`` of each kind, then how many more.
    ///
    /// - Parameters:
    ///   - hashes: What checking the file's hashes found.
    ///   - path: The file's path.
    func report(_ hashes: AccountHashes, of path: String) {
        let words = safetyWords
        for problems in [hashes.problems, hashes.warnings] {
            for problem in problems.prefix(Self.reportedProblems) {
                let located = AccountStoreError.malformed(path: path, problem).description(in: language)
                fail(words.warning + self.words.sentence(located))
            }
            if problems.count > Self.reportedProblems {
                fail(words.warning + words.moreProblems(problems.count - Self.reportedProblems))
            }
        }
    }
}
