// `login`: the console login. See `login --help` and README.md.

internal import Foundation

let status = await LoginProgram(environment: .system()).run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
