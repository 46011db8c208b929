/// The seed's one account, dimsky / balabala, answered at once.
struct DemoAuthenticator: Authenticator {

    func signIn(username: String, password: String) async throws(SignInError) -> User {
        guard username == "dimsky", password == "balabala" else {
            throw .wrongCredentials
        }
        return User(name: username)
    }
}
