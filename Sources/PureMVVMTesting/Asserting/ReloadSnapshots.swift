/// Memory for the snapshots a ``ViewModelTester`` compares after a usual input, allocated once per tester and freed
/// with it, so that no snapshot is copied into a generic container: the outputs before and after the input, and
/// those its reload handed the view and the ViewModel's own at that moment. Uninitialised between inputs.
final class ReloadSnapshots<Outputs>: @unchecked Sendable {
    /// The outputs the reload handed the view.
    let handed: UnsafeMutablePointer<Outputs>

    /// The ViewModel's own outputs at the reload.
    var own: UnsafeMutablePointer<Outputs> { handed + 1 }
    /// The outputs before the input.
    var before: UnsafeMutablePointer<Outputs> { handed + 2 }
    /// The outputs after the input.
    var after: UnsafeMutablePointer<Outputs> { handed + 3 }

    init() {
        handed = .allocate(capacity: 4)
    }

    deinit {
        handed.deallocate()
    }
}
