internal import BenchKit

/// The goals of issue 6, on instruction counts.
enum Goals {
    static let all: [Goal] = [
        Goal("PureMVVM toolkit ≤ 1.1× the hand-written delegate per event, with 0 allocations per event") { results in
            guard let toolkit = results["login.toolkit"], let instructions = toolkit.instructions,
                let allocations = toolkit.allocations, let delegate = results.instructions("login.delegate")
            else { return nil }
            let ratio = instructions / delegate
            return Verdict(
                isMet: ratio <= 1.1 && allocations == 0,
                evidence: "\(Format.count(instructions)) / \(Format.count(delegate)) = \(Format.ratio(ratio)), "
                    + "\(Format.allocations(allocations)) allocations per event"
            )
        },
        fewer("login.published", "OpenCombine `@Published`", times: 9),
        fewer("login.observation", "Observation", times: 18),
    ]

    /// The toolkit needs at least `times` fewer instructions per event than another row.
    private static func fewer(_ id: String, _ name: String, times: Double) -> Goal {
        Goal("PureMVVM toolkit ≥ \(Format.count(times))× fewer instructions per event than \(name)") { results in
            guard let toolkit = results.instructions("login.toolkit"), let other = results.instructions(id) else {
                return nil
            }
            let ratio = other / toolkit
            return Verdict(
                isMet: ratio >= times,
                evidence: "\(Format.count(other)) / \(Format.count(toolkit)) = \(Format.ratio(ratio))"
            )
        }
    }
}
