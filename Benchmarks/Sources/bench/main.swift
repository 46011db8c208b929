internal import BenchKit
internal import Foundation

exit(
    Bench.main(
        variants: Registry.variants, figures: Registry.figures, goals: Registry.goals, checks: Registry.checks,
        arguments: Array(CommandLine.arguments.dropFirst())))
