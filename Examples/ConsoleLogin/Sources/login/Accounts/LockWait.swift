/// How long a writer waits for the account file's lock that another writer holds, and what it says meanwhile: the
/// lock is tried at once, then every ``interval`` until ``timeout``; the first time it is held, ``waiting`` is
/// told once (a message on standard error), and after the timeout the update gives up with nothing changed.
struct LockWait {
    /// The longest wait: five seconds by default, far longer than an update takes (a few milliseconds), so only a
    /// stuck or stopped writer makes it run out. Tests use zero: one try, then give up.
    var timeout: Duration = .seconds(5)
    /// How often the lock is tried again.
    var interval: Duration = .milliseconds(25)
    /// Told once, when the lock is held by another writer and the wait begins.
    var waiting: () -> Void = {}
}
