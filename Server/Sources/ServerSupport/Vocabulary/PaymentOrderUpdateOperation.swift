#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// The operations of a payment order's `PATCH` (`paymentorder.operation`), as the developer portal
/// names them: the one declaration of these words in the server package. The sandbox takes all
/// four; the Merchant Backend relays `SetInstrument` and `Abort` for an app.
public enum PaymentOrderUpdateOperation: String, Sendable, CaseIterable, CustomStringConvertible {
    /// New amounts, and optionally new lines and description.
    case updateOrder = "UpdateOrder"
    /// Switches the instrument of an order in instrument mode.
    case setInstrument = "SetInstrument"
    /// The merchant gives up the order.
    case abort = "Abort"
    /// Stops the running payment attempt; the order stays open. The portal names the operation as
    /// the history event it leaves (`HistoryEvent.paymentAttemptAborted`).
    case paymentAttemptAborted = "PaymentAttemptAborted"

    /// The wire word, so a message that names one says what the API says.
    public var description: String { rawValue }
}
#endif
