// The Rows diff fuzz target: random old and new rows, their diff applied as UIKit applies it, against a reference.
// Built with -sanitize=fuzzer and -D FUZZING it is a libFuzzer target (scripts/fuzz.sh); built normally it replays
// Fixtures/fuzz/rows-diff, or the files it is given.

internal import FuzzSupport

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

#if FUZZING
    /// libFuzzer's entry point: one input, checked; a failed check stops the process.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        FuzzCorpus.crash(on: RowsDiffFuzz.check(bytes))
        return 0
    }
#endif

/// The executable's entry point: libFuzzer's driver in a fuzzing build, the corpus replay otherwise.
@main
enum FuzzEntry {
    static func main() {
        #if FUZZING
            exit(FuzzDriver.run(fuzzOneInput))
        #else
            FuzzCorpus.replay(RowsDiffFuzz.target, check: RowsDiffFuzz.check)
        #endif
    }
}
