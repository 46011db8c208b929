import PureMVVM

/// The testers alive, so that a leak's failure can name a tester that still holds the object (its ViewModel or
/// its spy): a tester kept in a stored property of the test case lives as long as the test case, and holds its
/// ViewModel until then.
@MainActor
enum LiveTesters {
    private struct WeakTester {
        weak var tester: (any HoldingTester)?
    }

    private static var testers: [WeakTester] = []

    /// Records a tester as it is made; forgets the testers freed since.
    ///
    /// - Parameter tester: The new tester.
    static func testerDidStart(_ tester: any HoldingTester) {
        testers.removeAll { $0.tester == nil }
        testers.append(WeakTester(tester: tester))
    }

    /// The ViewModels the testers alive hold, each with its tester.
    static var heldViewModels: [(viewModel: AnyObject, tester: any HoldingTester)] {
        testers.compactMap { weak in
            weak.tester.flatMap { tester in tester.heldViewModelObject.map { ($0, tester) } }
        }
    }

    /// The tester alive that holds `object`, and what it holds it as ("ViewModel" or "spy").
    ///
    /// - Parameter object: An object that should have been freed.
    /// - Returns: The tester and the role, or `nil` when no tester alive holds it.
    static func tester(holding object: AnyObject) -> (tester: any HoldingTester, role: String)? {
        for tester in testers.compactMap(\.tester) {
            if tester.heldViewModelObject === object { return (tester, "ViewModel") }
            if tester.spyObject === object { return (tester, "spy") }
        }
        return nil
    }
}

/// A tester, as the leak tracker sees it: what it holds and where it was made.
@MainActor
protocol HoldingTester: AnyObject {
    /// The ViewModel, until the tester lets it go as it ends.
    var heldViewModelObject: AnyObject? { get }
    /// The spy.
    var spyObject: AnyObject { get }
    /// Where the tester was made.
    var workScope: TestScope { get }
}

extension ViewModelTester: HoldingTester {
    var spyObject: AnyObject { spy }
}
