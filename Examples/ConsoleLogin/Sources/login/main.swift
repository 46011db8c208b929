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
    // First, before a terminal, a thread or a library is opened: limits too low for a sign-in end the run here,
    // with the reason (exit status 2), rather than in a crash or a wait that never ends. Help needs nothing.
    if !CommandLineArguments.asksForHelp(CommandLineArguments.process), let shortfall = ResourceLimits.checkAtStart() {
        LoginProgram.refuseToStart(shortfall, rawArguments: CommandLineArguments.process)
    }
    let status = await LoginProgram(environment: .system()).run(rawArguments: CommandLineArguments.process)
    exit(status.rawValue)
#endif
