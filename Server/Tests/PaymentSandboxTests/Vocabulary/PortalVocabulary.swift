/// The wire words of the Swedbank Pay API as the developer portal (developer.swedbankpay.com)
/// writes them, copied here word for word so the vocabulary test needs nothing outside the
/// repository. Each list names the portal page its words come from.
enum PortalVocabulary {
    /// `paymentOrder.status`: _includes/payment-order-get.md (the status field).
    static let paymentOrderStatuses: Set<String> = [
        "Initialized", "Paid", "Failed", "Cancelled", "Aborted", "Reversed",
    ]

    /// `paymentOrder.state` (Checkout v2): _includes/payment-order-get.md (the state field).
    static let paymentOrderStates: Set<String> = ["Ready", "Pending", "Failed", "Aborted"]

    /// `financialTransactionsList[].type`: _includes/checkout-v3-resource-models.md (the
    /// financialTransactions type field).
    static let transactionTypes: Set<String> = ["Capture", "Authorization", "Cancellation", "Reversal", "Sale"]

    /// `paymentorder.operation` of a created payment order: checkout-v3/get-started/payment-request.md
    /// (`Purchase`), checkout-v3/features/optional/verify.md (`Verify`), …/optional/recur.md
    /// (`Recur`), …/optional/unscheduled.md (`UnscheduledPurchase`), …/optional/payout.md (`Payout`).
    static let orderOperations: Set<String> = ["Purchase", "Verify", "Recur", "UnscheduledPurchase", "Payout"]

    /// Instrument names in the checkout-v3 examples' `availableInstruments`, `instrument` and
    /// `restrictedToInstruments`: checkout-v3/features/customize-ui/instrument-mode.md (`CreditCard`,
    /// `Swish`, `Invoice-PayExFinancingSe`), checkout-v3/technical-reference/resource-sub-models.md
    /// (`ApplePay`, `Vipps`, `Trustly`), checkout-v3/get-started/validate-status.md (`MobilePay`),
    /// checkout-v3/features/optional/payer-aware-payment-menu.md (`Invoice-PayExFinancingNo`).
    static let instruments: Set<String> = [
        "CreditCard", "Swish", "Invoice-PayExFinancingSe", "ApplePay", "Vipps", "Trustly", "MobilePay",
        "Invoice-PayExFinancingNo",
    ]

    /// The payment session's operation and task rels, as Swedbank Pay's native SDKs (iOS 5.0.3)
    /// know them; the portal shows only the order's `view-paymentsession`.
    static let sessionRels: Set<String> = [
        "expand-method", "start-payment-attempt", "create-authentication", "complete-authentication", "get-payment",
        "prepare-payment", "redirect-payer", "acknowledge-failed-attempt", "abort-payment", "event-logging",
        "view-payment", "attempt-payload", "customize-payment", "fail-payment-attempt",
        "sca-method-request", "sca-redirect", "launch-client-app", "wallet-sdk",
    ]

    /// `history[].name`: _includes/checkout-v3-resource-models.md (the history event table).
    static let historyEvents: Set<String> = [
        "CheckinInitiated", "PayerCheckedIn", "PayerDetailsRetrieved", "PaymentAttemptAborted", "PaymentAttemptFailed",
        "PaymentAttemptStarted", "PaymentCancelled", "PaymentCancelledFailed", "PaymentCaptured",
        "PaymentCapturedFailed", "PaymentCreated", "PaymentInstrumentSelected", "PaymentInstrumentSet",
        "PaymentLoaded", "PaymentPaid", "PaymentPartiallyCancelled", "PaymentPartiallyCancelledFailed",
        "PaymentPartiallyCaptured", "PaymentPartiallyCapturedFailed", "PaymentPartiallyReversed",
        "PaymentPartiallyReversedFailed", "PaymentReversed", "PaymentReversedFailed",
    ]
}
