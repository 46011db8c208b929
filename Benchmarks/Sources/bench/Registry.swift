internal import BenchKit
internal import LoginScreens
internal import ScalingScreens

/// Every row of the table, in order, the figures derived from them and the goals checked under it. A new part adds
/// its module's rows here.
enum Registry {
    static let variants: [Variant] =
        LoginVariants.all + ScalingVariants.all + ConsoleVariants.all

    static let figures: [DerivedFigure] = []

    static let goals: [Goal] = Goals.all
}
