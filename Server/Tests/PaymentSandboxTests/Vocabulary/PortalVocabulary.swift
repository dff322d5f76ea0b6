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

    /// The `problemType` of a `fail-payment-attempt` body, as the native payments protocol names it
    /// ("`fail-payment-attempt`: `{"problemType": "UserCancelled" | "TechnicalError" |
    /// "ClientAppLaunchFailed", …}`", iOS SDK 5.0.3).
    static let failedAttemptProblemTypes: Set<String> = ["UserCancelled", "TechnicalError", "ClientAppLaunchFailed"]

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

    /// The `rel`s of a payment order's `operations`. Checkout v3:
    /// checkout-v3/technical-reference/operations.md (every one below but `set-instrument` and
    /// `verify-trustly`), checkout-v3/features/customize-ui/instrument-mode.md (`set-instrument`),
    /// checkout-v3/features/optional/payout.md (`verify-trustly`). Checkout v2:
    /// old-implementations/payment-menu-v2/technical-reference/operations.md (every `…-paymentorder…`
    /// one but these two), old-implementations/payment-menu-v2/features/optional/instrument-mode.md
    /// (`update-paymentorder-setinstrument`), old-implementations/checkout-v2/features/core/update.md
    /// (`update-paymentorder-expandinstrument`).
    static let paymentOrderRels: Set<String> = [
        "redirect-checkout", "view-checkout", "view-paymentsession", "update-order", "abort", "abort-paymentattempt",
        "set-instrument", "capture", "cancel", "reversal", "verify-trustly",
        "redirect-paymentorder", "view-paymentorder", "update-paymentorder-abort", "update-paymentorder-updateorder",
        "update-paymentorder-setinstrument", "update-paymentorder-expandinstrument", "paid-paymentorder",
        "failed-paymentorder", "create-paymentorder-capture", "create-paymentorder-cancel",
        "create-paymentorder-reversal",
    ]

    /// The `rel`s of a payer's saved tokens: checkout-v3/features/optional/payer-aware-payment-menu.md.
    static let payerTokenRels: Set<String> = [
        "delete-paymenttokens", "delete-unscheduledtokens", "delete-payerownedtokens",
    ]

    /// The `rel`s of a consumer session (`POST /psp/consumers`, Checkout v2's checkin): the portal's
    /// examples file holds no answer of it; these are the answer the shared reference records
    /// (merchant-backend-and-psp.md, "Response 200" of the consumers call).
    static let consumerRels: Set<String> = ["redirect-consumer-identification", "view-consumer-identification"]

    /// `paymentorder.operation` of a `PATCH`: checkout-v3/features/payment-operations/update.md
    /// (`UpdateOrder`), …/payment-operations/abort.md (`Abort`, `PaymentAttemptAborted`),
    /// checkout-v3/features/customize-ui/instrument-mode.md (`SetInstrument`).
    static let updateOperations: Set<String> = ["UpdateOrder", "Abort", "PaymentAttemptAborted", "SetInstrument"]

    /// `paid.tokens[].type`: checkout-v3/technical-reference/resource-sub-models.md (the paid
    /// resource's examples; the resource model table spells the last `transactionOnFile`).
    static let paidTokenTypes: Set<String> = ["payment", "recurrence", "unscheduled", "transactionsOnFile"]

    /// `payerOwnedTokens.tokens[].tokenType`: checkout-v3/features/optional/one-click-payments.md
    /// (`Payment`), checkout-v3/features/customize-payments/network-tokenization.md (`Unscheduled`).
    static let payerOwnedTokenTypes: Set<String> = ["Payment", "Unscheduled"]

    /// `paymentOrder.integration`: _includes/checkout-v3-status-models.md (the integration field;
    /// an order not yet opened shows `""`), checkout-v3/get-started/validate-status.md (`Redirect`).
    static let integrations: Set<String> = ["HostedView", "Redirect"]
}
