#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// A fuzz target: the folder of its seeds and the check it runs on each input. Marked `@main`, a target's type is
/// its executable's whole entry point: libFuzzer's driver in a build with `-sanitize=fuzzer -D FUZZING`
/// (scripts/fuzz.sh), the replay of its seeds, or of the files it is given, otherwise.
package protocol FuzzTarget {
    /// The folder of its seeds under `Fixtures/fuzz`, such as `account-file`.
    static var target: String { get }

    /// Checks one input.
    ///
    /// - Parameter bytes: The input.
    /// - Returns: `nil` when every check holds, otherwise what failed.
    static func check(_ bytes: [UInt8]) -> String?
}

extension FuzzTarget {
    /// The executable's entry point: runs ``run()``.
    package static func main() {
        run()
    }

    /// Hands the process to libFuzzer with this target's check in a fuzzing build, and replays its seeds (or the
    /// files on the command line) otherwise; then ends the process.
    package static func run() -> Never {
        #if FUZZING
            FuzzDriver.check = check
            exit(FuzzDriver.run())
        #else
            FuzzCorpus.replay(target, check: check)
        #endif
    }
}
