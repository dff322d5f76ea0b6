import Foundation

/// The `operation` of a payment order `PATCH` the SDK relays through the Merchant Backend: the
/// words of Swedbank Pay's payment order API (`paymentorder.operation`). `UpdateAbortExpandTests`
/// holds each to the request body the reference gives for it, byte for byte.
enum PaymentOrderPatchOperation: String, Encodable, Sendable, CaseIterable {
    /// Changes the instrument of an instrument-mode payment order.
    case setInstrument = "SetInstrument"
    /// Aborts the payment order.
    case abort = "Abort"
}
