#if DEBUG
    /// Test hook, compiled in debug builds only: the real clock with every sleep shortened by a factor, which
    /// `login` uses for its failure delays when `PUREMVVM_TEST_DELAY_SCALE` (a number greater than 0 and at most 1,
    /// such as `0.25`) is in its environment. `script-wrong-password.case` runs with it: the real binary still
    /// waits on the real clock, a quarter of its first delay, and the suite waits a quarter as long.
    struct ScalingClock: Clock {
        typealias Duration = Swift.Duration
        typealias Instant = ContinuousClock.Instant

        /// What each sleep is multiplied by: greater than 0, at most 1.
        let scale: Double

        /// The factor in a value of `PUREMVVM_TEST_DELAY_SCALE`; `nil` unless it is a number in (0, 1].
        init?(parsing text: String) {
            guard let scale = Double(text), scale > 0, scale <= 1 else { return nil }
            self.scale = scale
        }

        var now: Instant { ContinuousClock.now }
        var minimumResolution: Duration { ContinuousClock().minimumResolution }

        func sleep(until deadline: Instant, tolerance: Duration?) async throws {
            let left = ContinuousClock.now.duration(to: deadline)
            try await ContinuousClock().sleep(for: left > .zero ? left * scale : .zero, tolerance: tolerance)
        }
    }
#endif
