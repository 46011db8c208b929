internal import PureMVVM

/// The order details screen's words in each ``Language``.
extension OrderText {
    /// The alert for a delivery note that could not be saved: why, in the service's sentence, and a choice of
    /// saving it again or leaving it unsaved.
    func noteNotSaved(_ error: OrderServiceError) -> AlertContent<OrderDetailsAlertAction> {
        switch language {
        case .chinese:
            AlertContent(
                title: "备注未保存", message: sentence(for: error),
                buttons: [.cancel("取消"), .init("重试", action: .saveAgain)])
        case .english:
            AlertContent(
                title: "The note was not saved", message: sentence(for: error),
                buttons: [.cancel("Cancel"), .init("Try again", action: .saveAgain)])
        }
    }
}
