#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// The `rel`s of a payment order's `operations` (Checkout v3, and v2's `…-paymentorder…` names),
/// as the developer portal names them: the one declaration of these words in the server package.
/// The sandbox offers them; the Merchant Backend finds the operations it follows by them.
public enum PaymentOrderRel: String, Sendable, CaseIterable, CustomStringConvertible {
    // Checkout v3.
    /// The payment menu's page in the top-level window.
    case redirectCheckout = "redirect-checkout"
    /// The Seamless View's script.
    case viewCheckout = "view-checkout"
    /// The native payment session.
    case viewPaymentSession = "view-paymentsession"
    /// `PATCH` with `UpdateOrder`.
    case updateOrder = "update-order"
    /// `PATCH` with `Abort`.
    case abort = "abort"
    /// `PATCH` with `PaymentAttemptAborted`.
    case abortPaymentAttempt = "abort-paymentattempt"
    /// `PATCH` with `SetInstrument` (an order in instrument mode).
    case setInstrument = "set-instrument"
    /// `POST` a capture.
    case capture = "capture"
    /// `POST` a cancellation.
    case cancel = "cancel"
    /// `POST` a reversal.
    case reversal = "reversal"

    // Checkout v2 (Payment Menu v2).
    /// The payment menu's page in the top-level window.
    case redirectPaymentOrder = "redirect-paymentorder"
    /// The payment menu's script.
    case viewPaymentOrder = "view-paymentorder"
    /// `PATCH` with `Abort`.
    case updatePaymentOrderAbort = "update-paymentorder-abort"
    /// `PATCH` with `UpdateOrder`.
    case updatePaymentOrderUpdateOrder = "update-paymentorder-updateorder"
    /// `PATCH` with `SetInstrument` (an order in instrument mode).
    case updatePaymentOrderSetInstrument = "update-paymentorder-setinstrument"
    /// The paid order's `paid` resource.
    case paidPaymentOrder = "paid-paymentorder"
    /// The failed order's `failed` resource.
    case failedPaymentOrder = "failed-paymentorder"
    /// `POST` a capture.
    case createPaymentOrderCapture = "create-paymentorder-capture"
    /// `POST` a cancellation.
    case createPaymentOrderCancel = "create-paymentorder-cancel"
    /// `POST` a reversal.
    case createPaymentOrderReversal = "create-paymentorder-reversal"

    /// The wire word, so a message that names one says what the API says.
    public var description: String { rawValue }
}

/// The `rel`s of a payer's saved tokens (`/psp/paymentorders/payerownedtokens/…` and each token
/// listed there), as the developer portal names them.
public enum PayerTokenRel: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Deletes one payment token.
    case deletePaymentTokens = "delete-paymenttokens"
    /// Deletes every token the payer owns.
    case deletePayerOwnedTokens = "delete-payerownedtokens"

    /// The wire word, so a message that names one says what the API says.
    public var description: String { rawValue }
}

/// The `rel`s of a consumer session (Checkout v2's checkin, `POST /psp/consumers`), as the
/// developer portal names them.
public enum ConsumerRel: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The checkin page in the top-level window.
    case redirectConsumerIdentification = "redirect-consumer-identification"
    /// The checkin script.
    case viewConsumerIdentification = "view-consumer-identification"

    /// The wire word, so a message that names one says what the API says.
    public var description: String { rawValue }
}
#endif
