internal import PureMVVM

/// The order details screen's words in each ``Language``.
extension OrderText {
    /// The alert for a delivery note that could not be saved: why, in the service's sentence.
    func noteNotSaved(_ error: OrderServiceError) -> AlertContent<Never> {
        switch language {
        case .chinese: AlertContent(title: "备注未保存", message: sentence(for: error))
        case .english: AlertContent(title: "The note was not saved", message: sentence(for: error))
        }
    }
}
