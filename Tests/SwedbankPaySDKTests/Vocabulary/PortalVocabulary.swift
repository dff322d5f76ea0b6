/// The wire words of the Swedbank Pay API as the developer portal (developer.swedbankpay.com) and
/// Swedbank Pay's iOS SDK 5.0.3 write them, copied here word for word so the vocabulary test needs
/// nothing outside the repository. Each list names where its words come from.
enum PortalVocabulary {
    /// Instrument names. 5.0.3's `SwedbankPaySDK.Instrument` constants (`CreditCard` … `CreditAccount`),
    /// and the names the portal's checkout-v3 examples add in `availableInstruments`/`instrument`:
    /// checkout-v3/technical-reference/resource-sub-models.md (`ApplePay`),
    /// checkout-v3/get-started/validate-status.md (`Trustly`, `MobilePay`, `GooglePay`, `ClickToPay`).
    static let instruments: Set<String> = [
        "CreditCard", "Swish", "Vipps", "Invoice-PayExFinancingSe", "Invoice-PayExFinancingNo",
        "Invoice-PayExMonthlyInvoiceSe", "CarPay", "CreditAccount",
        "ApplePay", "Trustly", "MobilePay", "GooglePay", "ClickToPay",
    ]

    /// The payment session's operation rels the native SDK acts on: 5.0.3's `OperationRel` (the
    /// native payments protocol, "Operation `rel` strings known to iOS").
    static let sessionOperationRels: Set<String> = [
        "expand-method", "start-payment-attempt", "create-authentication", "complete-authentication", "get-payment",
        "prepare-payment", "redirect-payer", "acknowledge-failed-attempt", "abort-payment", "event-logging",
        "view-payment", "attempt-payload", "customize-payment", "fail-payment-attempt",
    ]

    /// The payment session's integration task rels: 5.0.3's task rels.
    static let sessionTaskRels: Set<String> = ["sca-method-request", "sca-redirect", "launch-client-app", "wallet-sdk"]

    /// Payment order operation rels: 5.0.3's `OperationRelation` constants (`view-consumer-identification`
    /// of a v2 consumer session, `view-paymentorder`, `view-checkout`, `set-instrument`, `abort`) and
    /// the ones the SDK and its example app add, in the portal's operations:
    /// old-implementations/payment-menu-v2/payment-order.md (`view-paymentorder`),
    /// checkout-v3/get-started/payment-request.md (`view-checkout`),
    /// checkout-v3/features/customize-ui/instrument-mode.md (`set-instrument`, `abort`, `update-order`),
    /// checkout-v3/modules-sdks/mobile-sdk/native-payments.md (`view-paymentsession`),
    /// checkout-v3/features/optional/payer-aware-payment-menu.md (a token's `delete-paymenttokens`).
    static let operationRelations: Set<String> = [
        "view-consumer-identification", "view-paymentorder", "view-checkout", "set-instrument", "abort", "update-order",
        "view-paymentsession", "delete-paymenttokens",
    ]

    /// The `problemType` of a `fail-payment-attempt` body: 5.0.3's (the native payments protocol,
    /// "`fail-payment-attempt`: `{"problemType": "UserCancelled" | "TechnicalError" |
    /// "ClientAppLaunchFailed", …}`").
    static let failedAttemptProblemTypes: Set<String> = ["UserCancelled", "TechnicalError", "ClientAppLaunchFailed"]

    /// The `integration` an app names: the native payments protocol's `prepare-payment` body
    /// (`"integration": "App"`) and 5.0.3's Seamless View parameters (`{integration: "App", …}`).
    static let appIntegrations: Set<String> = ["App"]

    /// `paymentorder.operation` of a payment order a payer completes, as 5.0.3's
    /// `PaymentOrderOperation` has them; the portal's checkout-v3/get-started/payment-request.md
    /// (`Purchase`) and checkout-v3/features/optional/verify.md (`Verify`).
    static let paymentOrderOperations: Set<String> = ["Purchase", "Verify"]

    /// Problem type URIs from _includes/problems/checkout.md and the checkout-v3 pages: the generic
    /// ones and the native SDK's own.
    static let problemTypes: Set<String> = [
        "https://api.payex.com/psp/errordetail/inputerror", "https://api.payex.com/psp/errordetail/forbidden",
        "https://api.payex.com/psp/errordetail/notfound", "https://api.payex.com/psp/errordetail/systemerror",
        "https://api.payex.com/psp/errordetail/configurationerror",
        "https://api.payex.com/psp/errordetail/paymentorders/clientapplaunchfailed",
    ]

    /// Problem types the portal's problem lists do not show: the Merchant Backend's four (Swedbank
    /// Pay's Merchant Backend API, `mobilesdk/…`) and the session's 409 to a late abort (the native
    /// payments protocol's `paymentsessions/operationnotallowed`).
    static let problemTypesBeyondThePortalLists: Set<String> = [
        "https://api.payex.com/psp/errordetail/mobilesdk/unauthorized",
        "https://api.payex.com/psp/errordetail/mobilesdk/badrequest",
        "https://api.payex.com/psp/errordetail/mobilesdk/gatewaytimeout",
        "https://api.payex.com/psp/errordetail/mobilesdk/badgateway",
        "https://api.payex.com/psp/errordetail/paymentsessions/operationnotallowed",
    ]
}
