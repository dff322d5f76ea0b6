import Foundation

/// A payment session model: the body of every 200 answer of the payment session API,
/// `{paymentSession: {culture, instrumentModePaymentMethod, settings, urls, methods}, operations, problem?}`.
///
/// Decoding is lenient where the reference is (members of the wrong type read as absent, bad
/// prefills are left out) and stricter where leniency would hide a broken answer: without a
/// `paymentSession` object the body is not a model and the SDK reports it.
struct SessionModel: Sendable, Hashable {
    var culture: String?
    var instrumentModePaymentMethod: String?
    /// `settings.enabledPaymentMethods`: the order's instruments.
    var enabledPaymentMethods: [String]?
    var urls: SessionURLs?
    var methods: [SessionMethod] = []
    /// The top-level operations.
    var operations: [SessionOperation] = []
    var problem: SwedbankPaySDK.ProblemDetails?

    init(
        culture: String? = nil, instrumentModePaymentMethod: String? = nil, enabledPaymentMethods: [String]? = nil,
        urls: SessionURLs? = nil, methods: [SessionMethod] = [], operations: [SessionOperation] = [],
        problem: SwedbankPaySDK.ProblemDetails? = nil
    ) {
        self.culture = culture
        self.instrumentModePaymentMethod = instrumentModePaymentMethod
        self.enabledPaymentMethods = enabledPaymentMethods
        self.urls = urls
        self.methods = methods
        self.operations = operations
        self.problem = problem
    }

    /// nil when `json` has no `paymentSession` object.
    init?(json: SwedbankPaySDK.JSONValue) {
        guard let root = json.objectValue, let session = root["paymentSession"]?.objectValue else { return nil }
        culture = session["culture"]?.stringValue
        instrumentModePaymentMethod = session["instrumentModePaymentMethod"]?.stringValue
        enabledPaymentMethods = session["settings"]?.objectValue?["enabledPaymentMethods"]?.arrayValue?
            .compactMap(\.stringValue)
        urls = session["urls"]?.objectValue.map(SessionURLs.init(json:))
        methods = session["methods"]?.arrayValue?.compactMap(SessionMethod.init(json:)) ?? []
        operations = root["operations"]?.arrayValue?.compactMap(SessionOperation.init(json:)) ?? []
        problem = root["problem"].flatMap(SwedbankPaySDK.ProblemDetails.init(json:))
    }

    /// Parses a response body; nil when it is not JSON or not a model.
    init?(body: Data) {
        guard let json = try? SwedbankPaySDK.JSONValue(parsing: body) else { return nil }
        self.init(json: json)
    }

    func method(_ name: String) -> SessionMethod? { methods.first { $0.paymentMethod == name } }

    func topLevel(_ rel: SessionRel) -> SessionOperation? { operations.first { $0.rel == rel } }

    /// Every native method's operations, in order.
    var allMethodOperations: [SessionOperation] { methods.flatMap(\.operations) }

    /// Top-level and method operations with a known rel; when any is `next: true`, only those.
    var prioritisedOperations: [SessionOperation] {
        let known = (operations + allMethodOperations).filter { SessionRel.known.contains($0.rel) }
        let next = known.filter(\.next)
        return next.isEmpty ? known : next
    }

    /// The methods shown when the session's menu is restricted; nil when it shows all it may.
    var restrictedToInstruments: [String]? {
        guard let enabled = enabledPaymentMethods else { return nil }
        let names = methods.map(\.paymentMethod)
        return names.sorted() == enabled.sorted() ? nil : names
    }
}

/// `paymentSession.urls`.
struct SessionURLs: Sendable, Hashable {
    var completeUrl: URL?
    var cancelUrl: URL?
    var paymentUrl: URL?
    var termsOfServiceUrl: URL?
    var hostUrls: [URL]?

    init(
        completeUrl: URL? = nil, cancelUrl: URL? = nil, paymentUrl: URL? = nil, termsOfServiceUrl: URL? = nil,
        hostUrls: [URL]? = nil
    ) {
        self.completeUrl = completeUrl
        self.cancelUrl = cancelUrl
        self.paymentUrl = paymentUrl
        self.termsOfServiceUrl = termsOfServiceUrl
        self.hostUrls = hostUrls
    }

    init(json: SwedbankPaySDK.JSONObject) {
        func url(_ name: String) -> URL? { json[name]?.stringValue.flatMap(URL.init(string:)) }
        completeUrl = url("completeUrl")
        cancelUrl = url("cancelUrl")
        paymentUrl = url("paymentUrl")
        termsOfServiceUrl = url("termsOfServiceUrl")
        hostUrls = json["hostUrls"]?.arrayValue?.compactMap { $0.stringValue.flatMap(URL.init(string:)) }
    }
}

/// One method of the model. Native methods (Swish, CreditCard, ApplePay) carry operations and
/// prefills; any other name is a web-based method.
struct SessionMethod: Sendable, Hashable {
    var paymentMethod: String
    var operations: [SessionOperation] = []
    var swishPrefills: [SwedbankPaySDK.SwishMethodPrefillModel]?
    var cardPrefills: [SwedbankPaySDK.CreditCardMethodPrefillModel]?
    var cardBrands: [String]?
    var merchantCapabilities: [String]?

    init(
        paymentMethod: String, operations: [SessionOperation] = [],
        swishPrefills: [SwedbankPaySDK.SwishMethodPrefillModel]? = nil,
        cardPrefills: [SwedbankPaySDK.CreditCardMethodPrefillModel]? = nil
    ) {
        self.paymentMethod = paymentMethod
        self.operations = operations
        self.swishPrefills = swishPrefills
        self.cardPrefills = cardPrefills
    }

    init?(json: SwedbankPaySDK.JSONValue) {
        guard let object = json.objectValue, let name = object["paymentMethod"]?.stringValue else { return nil }
        paymentMethod = name
        guard PaymentMethodName.native.contains(name) else { return }
        operations = object["operations"]?.arrayValue?.compactMap(SessionOperation.init(json:)) ?? []
        cardBrands = object["cardBrands"]?.arrayValue?.compactMap(\.stringValue)
        merchantCapabilities = object["merchantCapabilities"]?.arrayValue?.compactMap(\.stringValue)
        let prefills = object["prefills"]?.arrayValue
        switch name {
        case PaymentMethodName.swish:
            swishPrefills = prefills?.compactMap(Self.swishPrefill)
        case PaymentMethodName.creditCard:
            cardPrefills = prefills?.compactMap(Self.cardPrefill)
        default:
            break
        }
    }

    var isNative: Bool { PaymentMethodName.native.contains(paymentMethod) }

    func operation(_ rel: SessionRel) -> SessionOperation? { operations.first { $0.rel == rel } }

    private static func swishPrefill(_ json: SwedbankPaySDK.JSONValue) -> SwedbankPaySDK.SwishMethodPrefillModel? {
        guard let object = json.objectValue, let msisdn = object["msisdn"]?.stringValue else { return nil }
        return .init(rank: rank(object), msisdn: msisdn)
    }

    /// A prefill with a missing member or an unreadable expiry date is left out (the others stay).
    private static func cardPrefill(_ json: SwedbankPaySDK.JSONValue) -> SwedbankPaySDK.CreditCardMethodPrefillModel? {
        guard let object = json.objectValue, let token = object["paymentToken"]?.stringValue,
            let brand = object["cardBrand"]?.stringValue, let pan = object["maskedPan"]?.stringValue,
            let expiry = object["expiryDate"]?.stringValue.flatMap(SessionDate.parse)
        else { return nil }
        return .init(rank: rank(object), paymentToken: token, cardBrand: brand, maskedPan: pan, expiryDate: expiry)
    }

    private static func rank(_ object: SwedbankPaySDK.JSONObject) -> Int32 {
        object["rank"]?.integerValue.map { Int32(clamping: $0) } ?? 0
    }
}

extension SwedbankPaySDK.ProblemDetails {
    /// A problem node or problem document; nil without a string `type`.
    init?(json: SwedbankPaySDK.JSONValue) {
        guard let object = json.objectValue, let type = object["type"]?.stringValue else { return nil }
        self.init(
            type: type, title: object["title"]?.stringValue,
            status: object["status"]?.integerValue.map { Int32(clamping: $0) },
            detail: object["detail"]?.stringValue, originalDetail: object["originalDetail"]?.stringValue)
        operation = object["operation"].flatMap(SessionOperation.init(json:))
    }
}
