/// The clock as one role of a traced screen sleeps on it: `sleep(for:)` with the delay, then `return` when the
/// delay is over (at once on a test's immediate clock).
struct TracingClock<Base: Clock<Swift.Duration>>: Clock {
    /// The real clock.
    let base: Base
    /// The role that sleeps on it.
    let caller: LoginRole
    /// Where messages go.
    let sink: any LoginTraceSink

    var now: Base.Instant { base.now }

    var minimumResolution: Swift.Duration { base.minimumResolution }

    func sleep(until deadline: Base.Instant, tolerance: Swift.Duration?) async throws {
        let delay = base.now.duration(to: deadline)
        await sink.call(from: caller, to: .clock, "sleep(for: \(TraceText.duration(delay)))")
        do {
            try await base.sleep(until: deadline, tolerance: tolerance)
        } catch {
            await sink.reply(
                from: .clock, to: caller, "throw \(error is CancellationError ? "CancellationError()" : "\(error)")")
            throw error
        }
        await sink.reply(from: .clock, to: caller, "return")
    }
}
