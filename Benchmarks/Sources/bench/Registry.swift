internal import BenchKit
internal import LoginScreens
internal import ScalingScreens

/// Every row of the table, in order, and the goals checked under it. A new part adds its module's rows here.
enum Registry {
    static let variants: [Variant] = LoginVariants.all + ScalingVariants.all

    static let goals: [Goal] = Goals.all
}
