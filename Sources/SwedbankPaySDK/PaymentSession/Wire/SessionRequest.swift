import Foundation

/// One logical request to the payment session, as the decision engine asks for it: the operation,
/// the body recipe (rendered at send time, so device facts are fresh on every retry) and how it is
/// sent.
struct SessionRequest: Sendable, Hashable {
    /// What the answer is for, which decides how it is handled.
    enum Purpose: Sendable, Hashable {
        /// An answer to feed to the engine.
        case model
        /// `acknowledge-failed-attempt`: the answer is not a model and is not processed.
        case acknowledge
        /// The one re-fetch after a 409; a failure of it reports (and retries) `original`.
        indirect case recovery(original: SessionRequest)
        /// Apple Pay's `attempt-payload`: every failure becomes `fail-payment-attempt`.
        case walletPayload
    }

    var rel: SessionRel
    var method: String
    var href: String
    var body: SessionRequestBody
    var purpose: Purpose = .model
    /// Saved-card attempts and 3-D Secure calls get the longer timeout and retry window.
    var isLong: Bool = false
    /// Off only for the 409 re-fetch.
    var autoRetry: Bool = true

    init(
        rel: SessionRel, method: String, href: String, body: SessionRequestBody = .none, purpose: Purpose = .model,
        isLong: Bool = false, autoRetry: Bool = true
    ) {
        self.rel = rel
        self.method = method
        self.href = href
        self.body = body
        self.purpose = purpose
        self.isLong = isLong
        self.autoRetry = autoRetry
    }

    /// The request for `operation`, with the server's method (POST when it gave none).
    init(_ operation: SessionOperation, body: SessionRequestBody = .none, isLong: Bool = false) {
        self.init(
            rel: operation.rel, method: operation.method ?? "POST", href: operation.href ?? "", body: body,
            isLong: isLong)
    }

    /// The initial fetch and the re-fetch: `GET` of the session URL.
    static func getSession(_ url: URL, recovering original: SessionRequest? = nil) -> SessionRequest {
        SessionRequest(
            rel: SessionRel.getPayment, method: "GET", href: url.absoluteString,
            purpose: original.map { .recovery(original: $0) } ?? .model, autoRetry: original == nil)
    }
}

/// The body of a session request, as a recipe: the engine says what to send, the runner renders it
/// with the device's facts when it sends.
enum SessionRequestBody: Sendable, Hashable {
    case none
    case prepare
    case expand(paymentMethod: String)
    case startSwish(culture: String?, msisdn: String?)
    case startCard(culture: String?, paymentToken: String)
    case startApplePay(culture: String?)
    case createAuthentication(methodCompletionIndicator: String, notificationUrl: String)
    case completeAuthentication(cRes: String)
    case attemptPayload(paymentPayload: String)
    case failAttempt(problemType: AttemptProblemType, errorCode: String?)
    case customize(CustomizeBody)

    /// `customize-payment`'s body. `hideStoredPaymentOptions` and `showConsentAffirmation` are sent
    /// only for a new card (non-nil `showConsentAffirmation`).
    struct CustomizeBody: Sendable, Hashable {
        var paymentMethod: String?
        var restrictToPaymentMethods: [String]?
        var showConsentAffirmation: Bool? = nil
    }

    /// The JSON to send, nil for bodiless requests. Optional members are sent as `null`, as the
    /// payment session expects.
    func json(device: SwedbankPaySDK.PaymentSessionDeviceInfo) -> SwedbankPaySDK.JSONValue? {
        func string(_ value: String?) -> SwedbankPaySDK.JSONValue { value.map { .string($0) } ?? .null }
        let version = SwedbankPaySDK.VersionReporter.currentVersion
        switch self {
        case .none:
            return nil
        case .prepare:
            return .object([
                "integration": .string(PaymentIntegration.app.rawValue),
                "deviceAcceptedWallets": .string("ApplePay;ClickToPay"),
                "client": .object(device.client(clientType: false)),
                "browser": .object(device.browser),
                "service": .object(["name": .string("SwedbankPaySDK-iOS"), "version": .string(version)]),
                "presentationSdk": .object(["name": .string("iOS"), "version": .string(version)]),
            ])
        case .expand(let paymentMethod):
            return .object(["paymentMethod": .string(paymentMethod)])
        case .startSwish(let culture, let msisdn):
            return .object([
                "culture": string(culture), "msisdn": string(msisdn),
                "client": .object(device.client(clientType: true)),
            ])
        case .startCard(let culture, let paymentToken):
            return .object([
                "culture": string(culture), "paymentToken": .string(paymentToken),
                "client": .object(device.client(clientType: true)),
            ])
        case .startApplePay(let culture):
            return .object(["culture": string(culture), "client": .object(device.client(clientType: true))])
        case .createAuthentication(let indicator, let notificationUrl):
            return .object([
                "methodCompletionIndicator": .string(indicator), "notificationUrl": .string(notificationUrl),
                "requestWindowSize": .string("FULLSCREEN"), "client": .object(device.client(clientType: false)),
                "browser": .object(device.browser),
            ])
        case .completeAuthentication(let cRes):
            return .object(["cRes": .string(cRes), "client": .object(["userAgent": .string(device.userAgent)])])
        case .attemptPayload(let payload):
            return .object(["paymentMethod": .string(PaymentMethodName.applePay), "paymentPayload": .string(payload)])
        case .failAttempt(let problemType, let errorCode):
            return .object(["problemType": .string(problemType.rawValue), "errorCode": string(errorCode)])
        case .customize(let body):
            var object: SwedbankPaySDK.JSONObject = [
                "paymentMethod": string(body.paymentMethod),
                "restrictToPaymentMethods": body.restrictToPaymentMethods.map { .array($0.map { .string($0) }) }
                    ?? .null,
            ]
            if let consent = body.showConsentAffirmation {
                object["hideStoredPaymentOptions"] = .bool(true)
                object["showConsentAffirmation"] = .bool(consent)
            }
            return .object(object)
        }
    }
}
