public import PureMVVM

/// What the home screen shows: a status line, an optional notice, the header and the cells.
public struct HomeOutputs: ViewOutputs {
    /// Where loading the profile stands.
    public enum Status: Hashable, Sendable {
        /// The profile is being loaded.
        case loading
        /// The profile is shown.
        case loaded
        /// Neither source has a profile for the user.
        case empty
        /// Loading failed; retrying is possible.
        case failed
    }

    /// Where loading the profile stands.
    public var status: Status
    /// The status as a sentence, such as "Loading profile…"; `nil` once loaded.
    public var statusText: String?
    /// Something the user should know about a load that worked, such as a local store that was skipped.
    public var notice: String?
    /// The header's child ViewModel.
    public var header: HeaderViewModel
    /// The summary cells' child ViewModels: balance, then red packets.
    public var summaryCells: [SummaryCellViewModel]
    /// The menu cells' child ViewModels.
    public var menuCells: [MenuCellViewModel]

    /// The home screen's outputs, by name.
    public enum Field: Int, OutputField, CaseIterable {
        /// ``HomeOutputs/status`` and ``HomeOutputs/statusText``.
        case status
        /// ``HomeOutputs/notice``.
        case notice
        /// ``HomeOutputs/header``.
        case header
        /// ``HomeOutputs/summaryCells``.
        case summaryCells
        /// ``HomeOutputs/menuCells``.
        case menuCells
    }

    /// Tells whether one output differs from an earlier snapshot.
    ///
    /// - Parameters:
    ///   - field: The output to compare.
    ///   - old: The earlier snapshot.
    /// - Returns: `true` when the output changed.
    public func hasChanged(_ field: Field, since old: HomeOutputs) -> Bool {
        switch field {
        case .status: status != old.status || statusText != old.statusText
        case .notice: notice != old.notice
        case .header: header != old.header
        case .summaryCells: summaryCells != old.summaryCells
        case .menuCells: menuCells != old.menuCells
        }
    }
}
