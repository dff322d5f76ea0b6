import ServerSupport
import SwedbankPaySDK

/// Every limit the Merchant Backend puts on a request body, in one place: the checks read them
/// from here, and the OpenAPI contract (`Server/openapi/merchant-backend.yaml`) states them where
/// ``statements`` says. `ContractLimitsTests` reads the contract and fails when a limit there
/// differs from this declaration, or when a request body's schema states a bound, a length or a
/// list of values that is not declared here — so the contract and the checks cannot drift apart.
///
/// Text lengths count Unicode scalars, as JSON Schema's `maxLength` does.
enum ContractLimits {
    // MARK: POST /paymentorders

    /// `amount` and `vatAmount` (``MinorUnits/amounts``; VAT also at most the amount).
    static let amount = MinorUnits.amounts
    static let description = 1...40
    static let userAgent = 1...512
    static let hostUrls = 1...10
    static let orderItems = MinorUnits.maxOrderItems
    /// An order line's `unitPrice`, `discountPrice`, `amount` and `vatAmount`.
    static let lineAmount = MinorUnits.lineAmounts
    /// An order line's `quantity` and `vatPercent`.
    static let lineCount = MinorUnits.lineCounts
    static let currencies = ["SEK", "NOK", "DKK", "EUR", "USD"]
    /// The enumerations the SDK's model decodes (anything else is a 400 naming the member).
    static let operations = SwedbankPaySDK.PaymentOrderOperation.allCases.map(\.rawValue)
    static let itemTypes = SwedbankPaySDK.ItemType.allCases.map(\.rawValue)
    static let riskIndicators: [(member: String, values: [String])] = [
        ("deliveryTimeFrameIndicator", SwedbankPaySDK.DeliveryTimeFrameIndicator.allCases.map(\.rawValue)),
        ("preOrderPurchaseIndicator", SwedbankPaySDK.PreOrderPurchaseIndicator.allCases.map(\.rawValue)),
        ("shipIndicator", SwedbankPaySDK.ShipIndicator.Raw.allCases.map(\.rawValue)),
        ("reOrderPurchaseIndicator", SwedbankPaySDK.ReOrderPurchaseIndicator.allCases.map(\.rawValue)),
    ]

    // Identifiers (`payer.payerReference`, `paymentToken`) are ``Identifier``'s rule.

    /// Every URL of `urls` (the contract's `WebURL`): its length and its form, an absolute
    /// http(s) URL of RFC 3986's characters — a host name of letters, digits and inner hyphens,
    /// an optional port of 1 to 65535, then an optional path, query and fragment, each
    /// percent-encoded where RFC 3986 says. (No user info, no IP-literal, no apostrophe.)
    static let webURLLength = 10...2_048
    static let webURLPattern =
        #"^https?://[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*"#
        + #"(:(6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}))?"#
        + #"(/([A-Za-z0-9._~!$&()*+,;=:@/-]|%[0-9A-Fa-f]{2})*)?"#
        + #"(\?([A-Za-z0-9._~!$&()*+,;=:@/?-]|%[0-9A-Fa-f]{2})*)?"#
        + #"(#([A-Za-z0-9._~!$&()*+,;=:@/?-]|%[0-9A-Fa-f]{2})*)?$"#

    // MARK: PATCH /patch and PATCH /paymentorders/{id}/setInstrument

    static let href = 2_048
    static let instrument = 64
    /// The operations the relay passes on (``RelayedPatch``).
    static let relayedOperations = [PaymentOrderUpdateOperation.abort, .setInstrument].map(\.rawValue)
    /// The reasons Swedbank Pay takes for an `Abort`; it refuses any other.
    static let abortReasons = ["CancelledByConsumer", "CancelledByCustomer"]

    // MARK: POST /expand, POST /consumers, PATCH /payers/…/paymentTokens/…

    static let expandResource = 256
    static let expandCount = 20
    /// The `$expand` values Swedbank Pay knows.
    static let expandable = [
        "orderItems", "urls", "payeeInfo", "payer", "history", "failed", "aborted", "paid", "cancelled",
        "financialTransactions", "failedAttempts", "metadata",
    ]
    static let shippingCountries = 250
    static let tokenStates = ["Deleted"]
    static let tokenComment = 512

    // MARK: Where the contract states them

    /// A bound as the contract writes it.
    enum Bound: Equatable, Sendable {
        case number(Int64)
        case values([String])
    }

    /// The limits of one member of a request body's schema: `place` is the schema's name, then
    /// the members' names down to it (`[]` for an array's items, `oneOf[1]` for a variant), as in
    /// `PatchArguments.paymentorder.oneOf[1].abortReason`; `keywords` are JSON Schema's.
    struct Statement: Sendable {
        var place: String
        var keywords: [String: Bound]
    }

    private static func range(_ place: String, _ range: ClosedRange<Int64>) -> Statement {
        Statement(place: place, keywords: ["minimum": .number(range.lowerBound), "maximum": .number(range.upperBound)])
    }

    private static func length(_ place: String, _ range: ClosedRange<Int>) -> Statement {
        Statement(
            place: place,
            keywords: ["minLength": .number(Int64(range.lowerBound)), "maxLength": .number(Int64(range.upperBound))])
    }

    private static func maxLength(_ place: String, _ length: Int) -> Statement {
        Statement(place: place, keywords: ["maxLength": .number(Int64(length))])
    }

    private static func values(_ place: String, _ values: [String]) -> Statement {
        Statement(place: place, keywords: ["enum": .values(values)])
    }

    /// Every limit of the request bodies' own schemas, where the contract states it.
    static let statements: [Statement] = {
        let order = "CreatePaymentOrderArguments.paymentorder"
        let line = order + ".orderItems[]"
        var list = [
            range(order + ".amount", amount), range(order + ".vatAmount", amount),
            length(order + ".description", description), length(order + ".userAgent", userAgent),
            values(order + ".currency", currencies),
            Statement(
                place: order + ".urls.hostUrls",
                keywords: [
                    "minItems": .number(Int64(hostUrls.lowerBound)), "maxItems": .number(Int64(hostUrls.upperBound)),
                ]),
            Statement(place: order + ".orderItems", keywords: ["maxItems": .number(Int64(orderItems))]),
            values(order + ".operation", operations), values(line + ".type", itemTypes),
            length(order + ".payer.payerReference", 1...Identifier.Kind.payerReference.maxLength),
            length(order + ".paymentToken", 1...Identifier.Kind.paymentToken.maxLength),
            maxLength("SetInstrumentArguments.paymentorder.instrument", instrument),
            values(
                "SetInstrumentArguments.paymentorder.operation", [PaymentOrderUpdateOperation.setInstrument.rawValue]),
            maxLength("PatchArguments.href", href),
            values(
                "PatchArguments.paymentorder.oneOf[0].operation", [PaymentOrderUpdateOperation.setInstrument.rawValue]),
            maxLength("PatchArguments.paymentorder.oneOf[0].instrument", instrument),
            values("PatchArguments.paymentorder.oneOf[1].operation", [PaymentOrderUpdateOperation.abort.rawValue]),
            values("PatchArguments.paymentorder.oneOf[1].abortReason", abortReasons),
            maxLength("ExpandArguments.resource", expandResource),
            Statement(place: "ExpandArguments.expand", keywords: ["maxItems": .number(Int64(expandCount))]),
            values("ExpandArguments.expand[]", expandable),
            values("ConsumerSessionArguments.operation", ["initiate-consumer-session"]),
            Statement(
                place: "ConsumerSessionArguments.shippingAddressRestrictedToCountryCodes",
                keywords: ["maxItems": .number(Int64(shippingCountries))]),
            length("ConsumerSessionArguments.shippingAddressRestrictedToCountryCodes[]", 2...2),
            values("DeletePaymentTokenArguments.state", tokenStates),
            values("DeletePaymentTokenArguments.status", tokenStates),
            maxLength("DeletePaymentTokenArguments.comment", tokenComment),
        ]
        for member in ["unitPrice", "discountPrice", "amount", "vatAmount"] {
            list.append(range(line + "." + member, lineAmount))
        }
        for member in ["quantity", "vatPercent"] { list.append(range(line + "." + member, lineCount)) }
        for (member, allowed) in riskIndicators { list.append(values(order + ".riskIndicator." + member, allowed)) }
        return list
    }()
}
