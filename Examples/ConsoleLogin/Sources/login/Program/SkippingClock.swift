#if DEBUG
    /// Test hook, compiled in debug builds only: a clock whose sleeps end at once, which `login` uses instead of
    /// the real one when `PUREMVVM_TEST_SKIP_DELAYS=1` is in its environment, so end-to-end tests of what
    /// follows a failed sign-in (PAM's refusals, the alert texts) do not each wait a real second. One end-to-end
    /// test (`script-wrong-password.case`) runs without it: the proof that the real binary waits.
    struct SkippingClock: Clock {
        typealias Duration = Swift.Duration
        typealias Instant = ContinuousClock.Instant

        var now: Instant { ContinuousClock.now }
        var minimumResolution: Duration { .zero }

        func sleep(until deadline: Instant, tolerance: Duration?) async throws {
            try Task.checkCancellation()
        }
    }
#endif
