#if FUZZING
    internal import CLibFuzzer

    /// Hands the process to libFuzzer with a target's entry point: what a fuzz target's `main` does when it is
    /// built with `-sanitize=fuzzer -D FUZZING` (scripts/fuzz.sh). libFuzzer reads the command line as usual.
    package enum FuzzDriver {
        /// Runs libFuzzer.
        ///
        /// - Parameter testOneInput: The target's entry point: checks one input and returns 0.
        /// - Returns: libFuzzer's exit status.
        package static func run(
            _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
        ) -> Int32 {
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            return LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
        }
    }
#endif
