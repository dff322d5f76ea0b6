import Foundation
import ServerSupport
import SwedbankPaySDK

/// The pure part of `POST paymentorders`: checks the app's `{"paymentorder": …}` body and turns
/// it into the body sent to Swedbank Pay, with the merchant's payee id and details
/// (``PayeeDetails``), a payee reference of the backend's own and the backend's callback URL. Fields the SDK's model does not know are dropped,
/// so nothing unchecked reaches Swedbank Pay.
struct PaymentOrderPreparation: Sendable {
    let payeeID: String
    let callbackURL: URL
    let allowPaymentTokens: Bool
    /// The merchant's `payeeInfo` details, which replace the app's.
    var payee = PayeeDetails()

    /// What the backend records about the order, besides the body.
    struct Prepared: Sendable {
        var order: SwedbankPaySDK.PaymentOrder
        /// `{"paymentorder": …}` for `POST /psp/paymentorders`, as JSON text.
        var body: Data
    }

    /// The app's order, decoded and checked: what the backend refuses before anything else.
    func check(_ body: SwedbankPaySDK.JSONObject) throws(BackendProblem) -> SwedbankPaySDK.PaymentOrder {
        guard case .object(let raw)? = body["paymentorder"] else {
            let hint = body["paymentOrder"] != nil ? " (the key is lower-case: paymentorder)" : ""
            throw .badRequest(
                "The body must be {\"paymentorder\": {…}}\(hint).",
                problems: [("paymentorder", "The field is required and must be an object.")])
        }
        let order = try Self.decode(raw)
        var problems = FieldProblems()
        Self.check(order, into: &problems)
        Self.checkURLs(raw, into: &problems)
        try problems.throwIfAny("The payment order is invalid.")
        // A valid order the backend refuses by its configuration: an app could name another
        // payer's token, so tokens are used only where the merchant opted in.
        if order.paymentToken != nil && !allowPaymentTokens {
            throw .forbidden(
                "Payment tokens are not accepted by this backend.",
                problems: [("paymentorder.paymentToken", "Not accepted by this backend.")])
        }
        return order
    }

    /// The checked `order` as sent to Swedbank Pay: the merchant's payee id, `payeeReference`,
    /// the backend's callback URL, and the payer reference the backend bound the app's to
    /// (`PayerBinding.swift`) instead of the app's own.
    func prepare(
        _ order: SwedbankPaySDK.PaymentOrder, payeeReference: String, pspPayerReference: String?
    ) throws(BackendProblem) -> Prepared {
        var order = order
        order.payeeInfo.payeeId = payeeID
        order.payeeInfo.payeeReference = payeeReference
        payee.apply(to: &order.payeeInfo)
        order.urls.callbackUrl = callbackURL
        if order.payer?.payerReference != nil { order.payer?.payerReference = pspPayerReference }
        let encoded: Data
        do {
            encoded = try Self.encoder.encode(order)
        } catch {
            throw .badRequest("The payment order cannot be encoded.")
        }
        return Prepared(order: order, body: Data("{\"paymentorder\":".utf8) + encoded + Data("}".utf8))
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    /// The members the model holds as whole numbers. Foundation's `JSONDecoder` reports a number
    /// that does not fit one (`1.5`, `1e300`) without a coding path, so these are checked first and
    /// the problem names the field.
    static let wholeNumberMembers = ["amount", "vatAmount"]
    static let wholeNumberItemMembers = ["quantity", "unitPrice", "discountPrice", "vatPercent", "amount", "vatAmount"]

    static func wholeNumberProblem(in raw: SwedbankPaySDK.JSONObject) -> String? {
        for member in wholeNumberMembers where Self.isFraction(raw[member]) { return "paymentorder.\(member)" }
        guard case .array(let items)? = raw["orderItems"] else { return nil }
        for (index, item) in items.enumerated() {
            guard case .object(let item) = item else { continue }
            for member in wholeNumberItemMembers where Self.isFraction(item[member]) {
                return "paymentorder.orderItems.\(index).\(member)"
            }
        }
        return nil
    }

    /// A number the parser did not read as a 64-bit integer.
    private static func isFraction(_ value: SwedbankPaySDK.JSONValue?) -> Bool {
        if case .number? = value { return true }
        return false
    }

    /// Decodes with the SDK's model, naming the field a decoding failure is about.
    static func decode(_ raw: SwedbankPaySDK.JSONObject) throws(BackendProblem) -> SwedbankPaySDK.PaymentOrder {
        func field(_ path: [any CodingKey], _ last: String? = nil) -> String {
            (["paymentorder"] + path.map { $0.intValue.map(String.init) ?? $0.stringValue } + (last.map { [$0] } ?? []))
                .joined(separator: ".")
        }
        if let member = wholeNumberProblem(in: raw) {
            throw .badRequest("A field has an invalid value.", problems: [(member, "The value is not valid.")])
        }
        do {
            return try JSONDecoder().decode(
                SwedbankPaySDK.PaymentOrder.self, from: SwedbankPaySDK.JSONValue.object(raw).serialized())
        } catch let DecodingError.keyNotFound(key, context) {
            throw .badRequest(
                "A required field is missing.",
                problems: [(field(context.codingPath, key.stringValue), "The field is required.")])
        } catch let DecodingError.typeMismatch(_, context) {
            throw .badRequest("A field has the wrong type.", problems: [(field(context.codingPath), "Wrong type.")])
        } catch let DecodingError.valueNotFound(_, context) {
            throw .badRequest(
                "A field is null.", problems: [(field(context.codingPath), "The field must not be null.")])
        } catch let DecodingError.dataCorrupted(context) {
            throw .badRequest(
                "A field has an invalid value.", problems: [(field(context.codingPath), "The value is not valid.")])
        } catch {
            throw .badRequest("The payment order is invalid.")
        }
    }

    /// Three ASCII upper-case letters, scanned as bytes (the same as three such characters,
    /// without the walk over characters and their Unicode properties).
    static func isCurrencyCode(_ text: String) -> Bool {
        text.utf8.count == 3 && text.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }

    /// The rules the model's types do not express, with the limits ``ContractLimits`` declares.
    static func check(
        _ order: SwedbankPaySDK.PaymentOrder, into problems: inout FieldProblems
    ) {
        let path = "paymentorder."
        if !isCurrencyCode(order.currency) {
            problems.add(path + "currency", "Must be an ISO 4217 code such as SEK.")
        } else if !ContractLimits.currencies.contains(order.currency) {
            problems.add(path + "currency", "Must be one of \(ContractLimits.currencies.joined(separator: ", ")).")
        }
        let amounts = ContractLimits.amount
        if !amounts.contains(order.amount) {
            problems.add(path + "amount", "Must be from \(amounts.lowerBound) to \(amounts.upperBound).")
        }
        if !amounts.contains(order.vatAmount) || !AmountRules.vatFits(order.vatAmount, in: max(order.amount, 0)) {
            problems.add(path + "vatAmount", "Must be between 0 and amount.")
        }
        if !ContractLimits.description.contains(order.description.unicodeScalars.count) {
            problems.add(path + "description", "Must be 1 to \(ContractLimits.description.upperBound) characters.")
        }
        if !ContractLimits.userAgent.contains(order.userAgent.unicodeScalars.count) {
            problems.add(path + "userAgent", "Must be 1 to \(ContractLimits.userAgent.upperBound) characters.")
        }
        if !ContractLimits.hostUrls.contains(order.urls.hostUrls.count) {
            problems.add(path + "urls.hostUrls", "Must list 1 to \(ContractLimits.hostUrls.upperBound) URLs.")
        }
        // Identifiers that name a payer and their cards: one spelling each (``Identifier``).
        if let reference = order.payer?.payerReference, !Identifier.accepts(reference, as: .payerReference) {
            problems.add(path + "payer.payerReference", "Must be \(Identifier.Kind.payerReference.rule).")
        }
        if let token = order.paymentToken, !Identifier.accepts(token, as: .paymentToken) {
            problems.add(path + "paymentToken", "Must be \(Identifier.Kind.paymentToken.rule).")
        }
        guard let items = order.orderItems else { return }
        if items.count > ContractLimits.orderItems {
            problems.add(path + "orderItems", "At most \(ContractLimits.orderItems) items.")
            return
        }
        for (index, item) in items.enumerated() {
            checkLine(item, at: path + "orderItems.\(index).", into: &problems)
        }
    }

    /// An order line's numbers: prices and amounts within ±(2^53 − 1), counts from 0.
    private static func checkLine(_ item: SwedbankPaySDK.OrderItem, at path: String, into problems: inout FieldProblems)
    {
        let amounts: [(String, Int64?)] = [
            ("unitPrice", item.unitPrice), ("discountPrice", item.discountPrice), ("amount", item.amount),
            ("vatAmount", item.vatAmount),
        ]
        for case (let member, let value?) in amounts where !ContractLimits.lineAmount.contains(value) {
            problems.add(
                path + member,
                "Must be from \(ContractLimits.lineAmount.lowerBound) to \(ContractLimits.lineAmount.upperBound).")
        }
        for (member, value) in [("quantity", Int64(item.quantity)), ("vatPercent", Int64(item.vatPercent))]
        where !ContractLimits.lineCount.contains(value) {
            problems.add(path + member, "Must be from 0 to \(ContractLimits.lineCount.upperBound).")
        }
    }

    /// Every URL of `urls` as the app wrote it (the order decoded, so each is a string): the
    /// contract's `WebURL` or a problem naming it. Not the decoded `URL`s, which Foundation
    /// percent-encodes (`a b` becomes `a%20b`): a text the contract refuses would pass.
    static func checkURLs(_ raw: SwedbankPaySDK.JSONObject, into problems: inout FieldProblems) {
        let path = "paymentorder.urls."
        let urls = raw["urls"]?.objectValue ?? [:]
        let rule = "Must be an absolute http(s) URL."
        for (index, value) in (urls["hostUrls"]?.arrayValue ?? []).enumerated()
        where !isWebURL(value.stringValue ?? "") {
            problems.add(path + "hostUrls.\(index)", rule)
        }
        for name in ["completeUrl", "cancelUrl", "paymentUrl", "termsOfServiceUrl"] {
            guard let text = urls[name]?.stringValue else { continue }
            if !isWebURL(text) { problems.add(path + name, rule) }
        }
    }

    /// Whether `text` is the contract's `WebURL` (``ContractLimits/webURLPattern``, read by the
    /// contract's `pattern` too): nothing else is forwarded to Swedbank Pay.
    static func isWebURL(_ text: String) -> Bool {
        guard ContractLimits.webURLLength.contains(text.unicodeScalars.count) else { return false }
        // The whole text: ICU's `$` also matches before a final line break.
        let whole = NSRange(text.startIndex..<text.endIndex, in: text)
        return webURLExpression.firstMatch(in: text, range: whole)?.range == whole
    }

    /// The pattern compiled once (`range(of:options:)` compiles it per call, into a cache the
    /// leak checker of the fuzz run reports).
    private static let webURLExpression = try! NSRegularExpression(
        pattern: ContractLimits.webURLPattern)
}
