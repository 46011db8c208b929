internal import BenchKit
internal import ConsoleWorkloads
internal import LoginScreens
internal import ProfileDatabaseWorkloads
internal import RowDiffWorkloads
internal import ScalingScreens
internal import TestSupportScreens

/// Every row of the table, in order, the figures derived from them and the goals checked under it. A new part adds
/// its module's rows here.
enum Registry {
    static let variants: [Variant] =
        LoginVariants.all + ScalingVariants.all + TestSupportVariants.all + ConsoleVariants.all
        + ConsoleLineVariants.all
        + ProfileDatabaseVariants.all + RowDiffVariants.all

    static let figures: [DerivedFigure] = TestSupportVariants.figures + RowDiffVariants.figures

    static let goals: [Goal] = Goals.all
}
