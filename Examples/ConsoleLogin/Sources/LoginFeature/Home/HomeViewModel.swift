public import PureMVVM

/// The screen after sign-in (seed 000's "Mine" page), delegate-only: the main ViewModel owns child ViewModels for
/// the header and the reusable cells, loads the profile through a ``LayeredProfileService``, formats the raw
/// values for display, and turns cell selection into a delegate call.
///
/// ```swift
/// let home = HomeViewModel(user: user, service: service)
/// home.delegate = homeView
/// home.viewDidAppear()              // loading → loaded (or empty, or failed)
/// home.summaryCells[0].value        // "100元"
/// home.menuCellDidSelect(at: 1)     // delegate: moveToMenuItem(.settings)
/// ```
@MainActor
public final class HomeViewModel: ViewModel {
    /// The home view; held weakly.
    public weak var delegate: (any HomeViewModelDelegate)?

    /// Everything the home screen shows right now.
    public var outputs: HomeOutputs { store.outputs }

    /// The signed-in user.
    public let user: User

    private let store: OutputStore<HomeOutputs>
    private let service: LayeredProfileService
    private let text: HomeText
    /// The profile load in flight: one at a time, cancelled by logging out or by freeing the screen.
    private let profileLoad = InFlightTask<LayeredProfileService.Load, ProfileSourceError>()

    /// Creates the home screen for a user, showing the loading state until ``viewDidAppear()``.
    ///
    /// - Parameters:
    ///   - user: The signed-in user.
    ///   - service: Where the profile comes from.
    ///   - language: The words and units; Chinese by default, as in the seed (see ``Language``).
    public init(user: User, service: LayeredProfileService, language: Language = .chinese) {
        self.user = user
        self.service = service
        let text = HomeText(language: language)
        self.text = text
        store = OutputStore(
            HomeOutputs(
                status: .loading,
                statusText: text.loading,
                notice: nil,
                header: HeaderViewModel(name: user.name, greeting: text.greeting(for: user.displayName)),
                summaryCells: Self.summaryCells(balance: HomeText.pending, redPackets: HomeText.pending, text: text),
                menuCells: MenuItem.allCases.map { MenuCellViewModel(item: $0, title: text.title(of: $0)) }
            )
        )
    }

    // MARK: Inputs

    /// The screen appeared: loads the profile unless it is loaded or loading.
    public func viewDidAppear() {
        guard !profileLoad.isRunning, outputs.status != .loaded, outputs.status != .empty else { return }
        load()
    }

    /// The retry button was pressed: loads again after a failure; ignored otherwise.
    public func retryButtonDidTap() {
        guard !profileLoad.isRunning, outputs.status == .failed else { return }
        load()
    }

    /// A menu cell was selected: tells the delegate to open its screen. An index out of range is ignored.
    ///
    /// - Parameter index: The cell's position in ``HomeOutputs/menuCells``.
    public func menuCellDidSelect(at index: Int) {
        guard outputs.menuCells.indices.contains(index) else { return }
        delegate?.moveToMenuItem(outputs.menuCells[index].item)
    }

    /// The log-out button was pressed: tells the delegate to return to the login screen.
    public func logoutButtonDidTap() {
        profileLoad.cancel()
        delegate?.moveToLoginScreen()
    }

    // MARK: Private

    private func load() {
        store.update(notifying: delegate) { outputs in
            outputs.status = .loading
            outputs.statusText = text.loading
            outputs.notice = nil
        }
        profileLoad.start { [service, user] () async throws(ProfileSourceError) -> LayeredProfileService.Load in
            try await service.loadProfile(for: user.name)
        } then: { [weak self] result in
            self?.loadDidFinish(result)
        }
    }

    private func loadDidFinish(_ result: Result<LayeredProfileService.Load, ProfileSourceError>) {
        if case .failure(.cancelled) = result { return }  // the service gave up; a load cancelled here never gets here
        store.update(notifying: delegate) { outputs in
            switch result {
            case .success(let load):
                outputs.notice =
                    load.localFailure.map(text.skippedLocalStore) ?? load.saveFailure.map(text.unsavedProfile)
                if let record = load.record {
                    outputs.status = .loaded
                    outputs.statusText = nil
                    outputs.summaryCells = Self.summaryCells(
                        balance: text.balance(record.balance),
                        redPackets: text.redPackets(record.redPacket),
                        text: text
                    )
                } else {
                    outputs.status = .empty
                    outputs.statusText = text.empty(for: user.name)
                    outputs.summaryCells = Self.summaryCells(
                        balance: HomeText.unknown,
                        redPackets: HomeText.unknown,
                        text: text
                    )
                }
            case .failure(let error):
                outputs.status = .failed
                outputs.statusText = text.failure(error)
                outputs.notice = nil
            }
        }
    }

    private static func summaryCells(balance: String, redPackets: String, text: HomeText) -> [SummaryCellViewModel] {
        [
            SummaryCellViewModel(kind: .balance, title: text.title(of: .balance), value: balance),
            SummaryCellViewModel(kind: .redPackets, title: text.title(of: .redPackets), value: redPackets),
        ]
    }
}
