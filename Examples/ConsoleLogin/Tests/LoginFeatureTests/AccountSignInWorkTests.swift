import LoginFeature
import TestSupport
import XCTest

/// Issue 21, point 2: no name can be told from another by the work a sign-in does. An unknown name used to be
/// checked against the first entry's hash, so in a file that mixes methods or costs it cost less (or more) than a
/// known name's wrong password: 1,017 ms wall and 8.9 ms CPU against 1,110 ms and 57.5 ms. Now every sign-in checks
/// one hash of each cost in the file, in the same order, whatever the name; the figures are in "The console
/// login" (measured on the binary), the work is checked here, with a hasher that records it.
final class AccountSignInWorkTests: GuardedTestCase {
    private let hasher = FakePasswordHasher()

    /// Three costs (`fake`, `fake2`, `fake3`), locked entries, and entries no hasher can use.
    private let text = """
        # three costs
        cheap.user:fake$terces
        dear.user:fake2$terces
        dearest.user:fake3$terces
        cheap.again:fake$rehto
        locked.star:*
        locked.bang:!
        locked.hash:!fake3$terces
        md5.user:$1$saltsalt$R45iGIdxlBX197Fk6XdUH0
        setting.only:fake2$

        """

    func testEverySignInChecksOneHashOfEachCostInTheSameOrderWhateverTheName() async throws {
        let file = try AccountFile(parsing: text)
        let authenticator = AccountAuthenticator(file: file, hasher: hasher)
        var works: [String: [String]] = [:]
        let attempts: [(name: String, password: String, signsIn: Bool)] = [
            ("cheap.user", "wrong", false), ("dear.user", "wrong", false), ("dearest.user", "wrong", false),
            ("dearest.user", "secret", true), ("cheap.user", "secret", true), ("nobody", "wrong", false),
            ("nobody", "secret", false), ("locked.star", "wrong", false), ("locked.bang", "", false),
            ("locked.hash", "secret", false), ("md5.user", "secret", false), ("setting.only", "secret", false),
        ]
        for attempt in attempts {
            hasher.reset()
            let signedIn = (try? await authenticator.authenticate(username: attempt.name, password: attempt.password))
            XCTAssertEqual(signedIn != nil, attempt.signsIn, attempt.name)
            works[attempt.name + " / " + attempt.password] = hasher.verifications.map(\.cost)
            XCTAssertEqual(
                Set(hasher.verifications.map(\.password)), [attempt.password], "only the typed password is checked")
        }
        for (attempt, work) in works {
            XCTAssertEqual(work, ["fake", "fake2", "fake3"], "\(attempt): one check of each cost, in file order")
        }
    }

    func testAKnownNameIsCheckedAgainstItsOwnHashInItsCostsTurn() async throws {
        let authenticator = AccountAuthenticator(file: try AccountFile(parsing: text), hasher: hasher)
        _ = try await authenticator.authenticate(username: "dear.user", password: "secret")
        XCTAssertEqual(
            hasher.verifications.map(\.hash), ["fake$terces", "fake2$terces", "fake3$terces"],
            "the first hash of each other cost, and dear.user's own")
        hasher.reset()
        _ = try await authenticator.authenticate(username: "cheap.again", password: "other")
        XCTAssertEqual(hasher.verifications.map(\.hash), ["fake$rehto", "fake2$terces", "fake3$terces"])
    }

    func testALockedOrUnusableEntryFailsAsAWrongPasswordEvenWithThePasswordBehindIt() async throws {
        let authenticator = AccountAuthenticator(file: try AccountFile(parsing: text), hasher: hasher)
        for name in ["locked.hash", "locked.star", "locked.bang", "md5.user", "setting.only"] {
            do {
                _ = try await authenticator.authenticate(username: name, password: "secret")
                XCTFail("\(name) signed in")
            } catch {
                XCTAssertEqual(error, .invalidCredentials, name)
            }
        }
    }

    func testTheHashesOfAFileAreSortedIntoCostsLockedEntriesProblemsAndWarnings() throws {
        let file = try AccountFile(parsing: text + "weak.user:fakeweak$terces\n")
        let hashes = AccountHashes(file: file, hasher: hasher)
        XCTAssertEqual(hashes.costCount, 4)
        XCTAssertEqual(hashes.lockedCount, 3, "*, ! and !… are locked, silently")
        XCTAssertEqual(
            hashes.problems,
            [
                AccountFileError(.unusableHash(.unsupportedMethod("$1$")), line: 9),
                AccountFileError(.unusableHash(.incompleteHash), line: 10),
            ])
        XCTAssertEqual(hashes.warnings, [AccountFileError(.weakHash(FakePasswordHasher.weakness), line: 11)])
    }

    func testAListOfAccountsCostsTheSameAsAFile() async throws {
        let accounts = [
            Account(name: "a.user", passwordHash: "fake2$terces"), Account(name: "b.user", passwordHash: "fake$x"),
            Account(name: "c.user", passwordHash: "*"),
        ]
        let authenticator = AccountAuthenticator(accounts: accounts, hasher: hasher)
        for name in ["a.user", "b.user", "c.user", "nobody"] {
            hasher.reset()
            _ = try? await authenticator.authenticate(username: name, password: "secret")
            XCTAssertEqual(hasher.verifications.map(\.cost), ["fake2", "fake"], name)
        }
    }

    /// Each distinct settings is decoded once (issue 32): the other hashes with those settings are checked after
    /// them only, and sort into the same costs, problems and warnings as when every hash is decoded.
    func testEachDistinctSettingsIsDecodedOnceWithTheSameVerdicts() async throws {
        let file = try AccountFile(
            parsing: text + """
                weak.user:fakeweak$terces
                weak.again:fakeweak$terces2
                cheap.third:fake$x
                cheap.short:fake$
                dear.again:fake2$y
                cheap.fourth:fake$z

                """)
        let decoding = FakePasswordHasher(knowsSettings: false)
        let everyHash = AccountHashes(file: file, hasher: decoding)
        let surveying = FakePasswordHasher()
        let once = AccountHashes(file: file, hasher: surveying)
        XCTAssertEqual(once.problems, everyHash.problems)
        XCTAssertEqual(once.warnings, everyHash.warnings)
        XCTAssertEqual(once.warnings.map(\.line), [11, 12])
        XCTAssertEqual(once.lockedCount, everyHash.lockedCount)
        XCTAssertEqual(once.costCount, everyHash.costCount)
        let authenticator = AccountAuthenticator(file: file, hashes: once, hasher: surveying)
        let reference = AccountAuthenticator(file: file, hashes: everyHash, hasher: decoding)
        for name in ["cheap.user", "dear.again", "cheap.fourth", "weak.again", "cheap.short", "nobody"] {
            surveying.reset()
            decoding.reset()
            _ = try? await authenticator.authenticate(username: name, password: "terces")
            _ = try? await reference.authenticate(username: name, password: "terces")
            XCTAssertEqual(surveying.verifications, decoding.verifications, name)
        }
        XCTAssertEqual(decoding.decodedCount, 12, "every hash but the three locked ones")
        XCTAssertEqual(surveying.decodedCount, 5, "fake, fake2, fake3, fakeweak, and the md5crypt hash it refuses")
    }
}
