public import BenchKit

/// The row of part 5: how fast the home screen's database finds a profile among 10,000 (issue 14).
public enum ProfileDatabaseVariants {
    /// Every profile-database row.
    public static let all: [Variant] = [
        Variant(
            id: "profiles.lookup",
            group: "5. Profile database",
            title: "`ProfileDatabase.profile(for:)` in an SQLite file of 10,000 profiles",
            baseline: nil,
            measurement: .perEvent(
                PerEvent(unit: "look-up", callgrindEvents: 500, make: { ProfileLookupWorkload() }) {
                    ProfileLookupWorkload.expected(events: $0)
                }
            )
        )
    ]
}
