// `login`: the console login. See `login --help` and README.md.

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

let status = await LoginProgram(environment: .system()).run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
