internal import LoginFeature

/// The authenticator as one role of a traced screen calls it: the call (the password masked), then, when the
/// check ends, the user it returned or the error it threw.
struct TracingAuthenticator: Authenticator {
    /// The real authenticator.
    let base: any Authenticator
    /// The role that calls it.
    let caller: LoginRole
    /// Where messages go.
    let sink: any LoginTraceSink

    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        await sink.call(
            from: caller, to: .authenticator,
            "authenticate(username: \(TraceText.literal(username)), password: \(TraceText.maskedPassword))")
        do throws(AuthenticationError) {
            let user = try await base.authenticate(username: username, password: password)
            await sink.reply(from: .authenticator, to: caller, "return \(TraceText.user(user))")
            return user
        } catch {
            await sink.reply(from: .authenticator, to: caller, "throw \(TraceText.error(error))")
            throw error
        }
    }
}
