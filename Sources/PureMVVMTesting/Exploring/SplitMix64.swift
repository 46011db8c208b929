/// The explorer's random numbers: SplitMix64, small, fast, and the same on every platform and Swift version, so a
/// seed always gives the same sequences.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<count`, by multiplying rather than with the standard library's `random(in:)`, whose method
    /// could change between versions.
    mutating func index(below count: Int) -> Int {
        precondition(count > 0, "nothing to choose from")
        return Int(next().multipliedFullWidth(by: UInt64(count)).high)
    }
}
