/// What a run of events left behind: a checksum of every frame the screen showed and the number of renders.
///
/// Every variant of a group must show the same frames, so its checksum matches the group's reference; the
/// render count tells that the view really ran as often as its design says. Neither can be right if the
/// optimiser dropped the work being measured.
public struct Outcome: Hashable, Sendable, CustomStringConvertible {
    /// A hash of every frame, in order.
    public var checksum: UInt64
    /// How many times the view drew something.
    public var renders: Int

    /// Creates an outcome.
    ///
    /// - Parameters:
    ///   - checksum: A hash of every frame, in order.
    ///   - renders: How many times the view drew something.
    public init(checksum: UInt64, renders: Int) {
        self.checksum = checksum
        self.renders = renders
    }

    /// The two numbers, as a child process prints them: `checksum=… renders=…`.
    public var description: String { "checksum=\(checksum) renders=\(renders)" }

    /// Reads an outcome from its ``description``.
    ///
    /// - Parameter text: A line such as `checksum=123 renders=4`, possibly among others.
    /// - Returns: The outcome, or `nil` when no line has that form.
    public init?(parsing text: String) {
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, parts[0].hasPrefix("checksum="), parts[1].hasPrefix("renders="),
                let checksum = UInt64(parts[0].dropFirst("checksum=".count)),
                let renders = Int(parts[1].dropFirst("renders=".count))
            else { continue }
            self.init(checksum: checksum, renders: renders)
            return
        }
        return nil
    }
}
