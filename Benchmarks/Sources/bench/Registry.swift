internal import BenchKit
internal import ConsoleWorkloads
internal import LoginScreens
internal import ProfileDatabaseWorkloads
internal import RowDiffWorkloads
internal import ScalingScreens
internal import TestSupportScreens
internal import TutorialLogin

/// Every row of the table, in order, the figures derived from them and the goals checked under it. A new part adds
/// its module's rows here.
enum Registry {
    static let variants: [Variant] =
        inserting(TutorialLoginVariants.all, after: "login.toolkit", in: LoginVariants.all)
        + ScalingVariants.all + TestSupportVariants.all + ConsoleVariants.all + DirectoryVariants.all
        + ConsoleLineVariants.all
        + ProfileDatabaseVariants.all + RowDiffVariants.all

    /// Rows of another module placed after one of a part's rows, so that related rows stand together.
    private static func inserting(_ rows: [Variant], after id: String, in part: [Variant]) -> [Variant] {
        guard let index = part.firstIndex(where: { $0.id == id }) else { return part + rows }
        return Array(part[...index]) + rows + part[(index + 1)...]
    }

    static let figures: [DerivedFigure] = TestSupportVariants.figures + RowDiffVariants.figures

    static let goals: [Goal] = Goals.all

    static let checks: [Check] = RowDiffVariants.checks
}
