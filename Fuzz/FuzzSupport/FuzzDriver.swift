#if FUZZING
    internal import CLibFuzzer

    /// Hands the process to libFuzzer with a target's check: what a ``FuzzTarget``'s `main` does when it is built
    /// with `-sanitize=fuzzer -D FUZZING` (scripts/fuzz.sh). libFuzzer reads the command line as usual.
    enum FuzzDriver {
        /// The check of the target this process fuzzes, which libFuzzer's entry point runs on each input: set once,
        /// before libFuzzer starts, and only read after.
        nonisolated(unsafe) static var check: ([UInt8]) -> String? = { _ in nil }

        /// Runs libFuzzer.
        ///
        /// - Returns: libFuzzer's exit status.
        static func run() -> Int32 {
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            return LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput)
        }
    }

    /// libFuzzer's entry point, the same for every target: one input, checked; a failed check stops the process.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        FuzzCorpus.crash(on: FuzzDriver.check(bytes))
        return 0
    }
#endif
