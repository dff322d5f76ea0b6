#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// Checks the raw body of `POST /psp/paymentorders` before it is decoded, naming every bad field
/// (`paymentorder.currency`, `paymentorder.urls.completeUrl`, ...) in one `inputerror`.
///
/// It runs on the raw JSON because a decoder stops at the first bad field; the merchant should
/// learn about all of them at once.
enum PaymentOrderValidator {
    static let prefix = "paymentorder."
    /// The currencies the sandbox accepts.
    static let currencies = ["SEK", "NOK", "DKK", "EUR", "USD"]
    /// `Purchase, Verify, Recur, UnscheduledPurchase or Payout`, for the problem naming them.
    static let operationChoices: String = {
        let names = OrderOperation.allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }()

    /// The server-initiated operations (``OrderOperation/tokenType`` names the token each pays
    /// with) have no payer on a page: such an order needs no `hostUrls` or `completeUrl`.
    static func serverInitiated(_ operation: String) -> (operation: OrderOperation, tokenType: PaymentTokenType)? {
        guard let known = OrderOperation(rawValue: operation), let type = known.tokenType else { return nil }
        return (known, type)
    }
    static let flags = [
        "generatePaymentToken", "generateRecurrenceToken", "generateUnscheduledToken", "disableStoredPaymentDetails",
        "disablePaymentMenu", "enablePaymentDetailsConsentCheckbox", "restrictedToPayoutInstruments",
    ]

    /// The `paymentorder` member of a request body; `paymentOrder` is accepted too, as clients
    /// use both spellings.
    static func envelope(_ body: SwedbankPaySDK.JSONObject) throws -> SwedbankPaySDK.JSONObject {
        switch body["paymentorder"] ?? body["paymentOrder"] {
        case .object(let order)?:
            return order
        case nil, .null?:
            throw SandboxProblem.inputError(
                "The request must have a paymentorder object.",
                problems: [("paymentorder", "The field is required.")])
        default:
            throw SandboxProblem.inputError(
                "The request must have a paymentorder object.",
                problems: [("paymentorder", "The field must be an object.")])
        }
    }

    /// Checks every field of a payment order to create. Returns the order ready to decode into
    /// `SwedbankPaySDK.PaymentOrder` (a `Verify` without amounts gets 0 for them).
    static func validate(_ order: SwedbankPaySDK.JSONObject) throws -> SwedbankPaySDK.JSONObject {
        var problems = InputProblems()
        let operation = problems.string(order, "operation", at: prefix, required: true)
        if let operation, OrderOperation(rawValue: operation) == nil {
            problems.add(
                prefix + "operation", "The field must be \(operationChoices).")
        }
        let isVerify = operation == OrderOperation.verify.rawValue
        let tokenMember = operation.flatMap(serverInitiated)?.tokenType.member
        if let tokenMember { _ = problems.text(order, tokenMember, at: prefix, required: true, maxLength: 100) }
        if let currency = problems.string(order, "currency", at: prefix, required: true),
            !currencies.contains(currency)
        {
            problems.add(prefix + "currency", "The field must be one of \(currencies.joined(separator: ", ")).")
        }
        checkAmounts(order, at: prefix, required: !isVerify, into: &problems)
        // A Verify without an amount gets 0 (below): a VAT amount then has nothing to be part of.
        if isVerify, order["amount"] == nil, let vatAmount = order["vatAmount"]?.integerValue,
            !AmountRules.vatFits(vatAmount, in: 0)
        {
            problems.add(
                prefix + "vatAmount", "The field must not be larger than amount, which is 0 when a Verify has none.")
        }
        _ = problems.text(order, "description", at: prefix, required: true, maxLength: 40)
        _ = problems.text(order, "userAgent", at: prefix, required: true, maxLength: 1_000)
        if let language = problems.string(order, "language", at: prefix, required: true),
            SwedbankPaySDK.Culture(rawValue: language) == nil
        {
            problems.add(prefix + "language", "The field must be one of the supported cultures, such as \"sv-SE\".")
        }
        for key in ["productName", "implementation", "paymentToken"] {
            _ = problems.string(order, key, at: prefix)
        }
        let flagValues = Dictionary(uniqueKeysWithValues: flags.map { ($0, problems.bool(order, $0, at: prefix)) })
        checkInstruments(order, into: &problems)
        if let urls = problems.object(order, "urls", at: prefix, required: tokenMember == nil) {
            checkUrls(urls, payerFacing: tokenMember == nil, into: &problems)
        }
        if let payeeInfo = problems.object(order, "payeeInfo", at: prefix, required: true) {
            checkPayeeInfo(payeeInfo, into: &problems)
        }
        var payerReference: String?
        if let payer = problems.object(order, "payer", at: prefix) {
            payerReference = checkPayer(payer, into: &problems)
        }
        if flagValues["generatePaymentToken"] == true, payerReference == nil {
            problems.add(prefix + "payer.payerReference", "The field is required when generatePaymentToken is true.")
        }
        if flagValues["restrictedToPayoutInstruments"] == true, !isVerify {
            problems.add(
                prefix + "restrictedToPayoutInstruments",
                "The field may only be true for a Verify, which saves the payer's account for payouts.")
        }
        if flagValues["enablePaymentDetailsConsentCheckbox"] == true,
            flagValues["disableStoredPaymentDetails"] != true
        {
            problems.add(
                prefix + "enablePaymentDetailsConsentCheckbox",
                "The field may only be true when disableStoredPaymentDetails is true.")
        }
        OrderItemsValidator.check(order["orderItems"], at: prefix + "orderItems", into: &problems)
        _ = problems.object(order, "riskIndicator", at: prefix)
        _ = problems.object(order, "metadata", at: prefix)
        try problems.throwIfAny("The payment order is invalid.")

        var normalized = order
        if isVerify {
            normalized["amount"] = normalized["amount"] ?? .integer(0)
            normalized["vatAmount"] = normalized["vatAmount"] ?? .integer(0)
        }
        return normalized
    }

    /// A validated order in the form the SDK's model decodes: decimal item quantities rounded, and
    /// a server-initiated order as a `Purchase` with the URLs a payer's page would need filled in (never shown: the record keeps
    /// the real operation and ``PaymentOrderRecord/serverInitiated``).
    static func decodable(_ normalized: SwedbankPaySDK.JSONObject) -> SwedbankPaySDK.JSONObject {
        var order = normalized
        if normalized["orderItems"] != nil {
            order["orderItems"] = OrderItemsValidator.decodable(normalized["orderItems"])
        }
        guard let operation = normalized["operation"]?.stringValue, serverInitiated(operation) != nil else {
            return order
        }
        order["operation"] = .string(OrderOperation.purchase.rawValue)
        var urls = order["urls"]?.objectValue ?? [:]
        urls["hostUrls"] = urls["hostUrls"] ?? .array([])
        urls["completeUrl"] = urls["completeUrl"] ?? .string(serverInitiatedCompleteUrl)
        order["urls"] = .object(urls)
        return order
    }

    /// The `completeUrl` a server-initiated order is decoded with; never shown.
    static let serverInitiatedCompleteUrl = "https://sandbox.invalid/server-initiated"

    /// `amount` and `vatAmount`: non-negative integers, VAT not above the amount. Shared with
    /// `UpdateOrder`.
    static func checkAmounts(
        _ order: SwedbankPaySDK.JSONObject, at prefix: String, required: Bool, into problems: inout InputProblems
    ) {
        let amount = problems.integer(order, "amount", at: prefix, required: required, minimum: 0)
        let vatAmount = problems.integer(order, "vatAmount", at: prefix, required: required, minimum: 0)
        if let amount, let vatAmount, !AmountRules.vatFits(vatAmount, in: amount) {
            problems.add(prefix + "vatAmount", "The field must not be larger than amount.")
        }
    }

    private static func checkInstruments(_ order: SwedbankPaySDK.JSONObject, into problems: inout InputProblems) {
        let offered = SandboxInstrument.names(SandboxInstrument.allCases)
        if let instrument = problems.string(order, "instrument", at: prefix),
            SandboxInstrument(rawValue: instrument) == nil
        {
            problems.add(prefix + "instrument", "The field must be one of \(offered).")
        }
        switch order["restrictedToInstruments"] {
        case nil, .null?:
            break
        case .array(let items)? where !items.isEmpty:
            if !items.allSatisfy({ $0.stringValue.map { !SandboxInstrument.matching($0).isEmpty } ?? false }) {
                problems.add(
                    prefix + "restrictedToInstruments",
                    "Every element must be one of \(offered), or Invoice for every invoice.")
            }
        default:
            problems.add(prefix + "restrictedToInstruments", "The field must be a non-empty array of instruments.")
        }
    }

    /// The order's URLs; those a payer's page needs (`hostUrls`, `completeUrl`) are required only
    /// when the order is `payerFacing`.
    private static func checkUrls(
        _ urls: SwedbankPaySDK.JSONObject, payerFacing: Bool, into problems: inout InputProblems
    ) {
        let urlsPrefix = prefix + "urls."
        let hostUrlsValid: Bool
        if !payerFacing, urls["hostUrls"] == nil {
            hostUrlsValid = true
        } else if case .array(let items)? = urls["hostUrls"], !items.isEmpty {
            hostUrlsValid = items.allSatisfy { item in
                item.stringValue.map { InputProblems.isAbsoluteURL($0, webOnly: true) } ?? false
            }
        } else {
            hostUrlsValid = false
        }
        if !hostUrlsValid {
            problems.add(urlsPrefix + "hostUrls", "The field must be a non-empty array of absolute http or https URLs.")
        }
        problems.url(urls, "completeUrl", at: urlsPrefix, required: payerFacing)
        problems.url(urls, "cancelUrl", at: urlsPrefix)
        problems.url(urls, "paymentUrl", at: urlsPrefix)
        // The sandbox POSTs to it, so it must be a web URL.
        problems.url(urls, "callbackUrl", at: urlsPrefix, webOnly: true)
        problems.url(urls, "termsOfServiceUrl", at: urlsPrefix, webOnly: true)
        problems.url(urls, "logoUrl", at: urlsPrefix, webOnly: true)
    }

    private static func checkPayeeInfo(_ payeeInfo: SwedbankPaySDK.JSONObject, into problems: inout InputProblems) {
        let payeePrefix = prefix + "payeeInfo."
        _ = problems.text(payeeInfo, "payeeId", at: payeePrefix, required: true, maxLength: 100)
        if let reference = problems.string(payeeInfo, "payeeReference", at: payeePrefix, required: true),
            !isPayeeReference(reference)
        {
            problems.add(payeePrefix + "payeeReference", "The field must be 1 to 30 characters of A-Z, a-z and 0-9.")
        }
        _ = problems.text(payeeInfo, "orderReference", at: payeePrefix, maxLength: 50)
        for key in ["payeeName", "productCategory", "subsite", "siteId"] {
            _ = problems.string(payeeInfo, key, at: payeePrefix)
        }
    }

    /// Checks the payer; returns its `payerReference` when it has a valid one.
    private static func checkPayer(_ payer: SwedbankPaySDK.JSONObject, into problems: inout InputProblems)
        -> String?
    {
        let payerPrefix = prefix + "payer."
        for key in ["email", "msisdn", "consumerProfileRef", "firstName", "lastName"] {
            _ = problems.string(payer, key, at: payerPrefix)
        }
        for key in ["nationalIdentifier", "shippingAddress", "billingAddress", "accountInfo"] {
            _ = problems.object(payer, key, at: payerPrefix)
        }
        return problems.text(payer, "payerReference", at: payerPrefix, maxLength: 50)
    }

    /// Whether `reference` is 1 to 30 ASCII letters and digits (``Identifier``'s rule).
    static func isPayeeReference(_ reference: String) -> Bool {
        Identifier.accepts(reference, as: .payeeReference)
    }
}
#endif
