extension LoginTraceSink {
    /// Records a call from one role to another.
    func call(from sender: LoginRole, to receiver: LoginRole, _ text: String) {
        record(LoginMessage(.call, from: sender, to: receiver, text))
    }

    /// Records what a call returned or threw, sent back from the callee to its caller.
    func reply(from sender: LoginRole, to receiver: LoginRole, _ text: String) {
        record(LoginMessage(.reply, from: sender, to: receiver, text))
    }
}
