// `login`: the console login. See `login --help` and the "The console login" article (ConsoleView.docc).

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

#if FUZZING
    internal import FuzzSupport

    // Built by scripts/fuzz.sh with libFuzzer: the argument parser's fuzz target (Fuzzing/ArgumentParserFuzz.swift).
    ArgumentParserFuzz.run()
#else
    let status = await LoginProgram(environment: .system()).run(rawArguments: CommandLineArguments.process)
    exit(status.rawValue)
#endif
