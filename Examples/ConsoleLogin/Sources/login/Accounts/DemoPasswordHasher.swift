internal import LoginFeature

/// Checks the demo account's password where libxcrypt does not exist (outside Linux), so `swift run login`
/// still works there. It knows only the demo hash and its published password, and refuses everything else:
/// account files need the real crypt(3) hasher.
struct DemoPasswordHasher: PasswordHasher {
    func hash(_ password: String) throws(PasswordHashingError) -> String {
        throw .unavailable
    }

    func verify(_ password: String, against hash: String) -> Bool {
        // Compares every byte whatever the input, so the time does not tell how much of it was right.
        let expected = Array(DemoAccount.password.utf8)
        let actual = Array(password.utf8)
        var difference = expected.count ^ actual.count
        for index in expected.indices {
            difference |= Int(expected[index] ^ (index < actual.count ? actual[index] : 0))
        }
        return hash == DemoAccount.passwordHash && difference == 0
    }

    func checkHash(_ hash: String) throws(PasswordHashingError) {
        guard hash == DemoAccount.passwordHash else { throw .unavailable }
    }
}
