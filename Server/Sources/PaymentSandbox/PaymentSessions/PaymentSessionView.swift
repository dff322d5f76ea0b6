#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// Renders a session's model: `{paymentSession: {culture, instrumentModePaymentMethod, settings,
/// urls, methods}, operations, problem?}`, the body of every 200 answer of the session API.
enum PaymentSessionView {
    static func render(
        session: PaymentSessionRecord, order: PaymentOrderRecord, context: PaymentSessionContext
    ) -> SwedbankPaySDK.JSONValue {
        let offer = PaymentSessionOffer(session: session, order: order, links: context.links)
        let prefills = context.cardPrefills(session: session, order: order)
        let methods = offer.methods.map { method(method: $0, order: order, cardPrefills: prefills) }
        let urls = order.order.urls
        let paymentSession: SwedbankPaySDK.JSONObject = [
            "culture": .string(order.order.culture.rawValue),
            "instrumentModePaymentMethod": (session.instrumentModePaymentMethod ?? order.order.instrument?.rawValue)
                .map { .string($0) } ?? .null,
            "settings": .object([
                "enabledPaymentMethods": .array(order.availableInstruments.map { .string($0.rawValue) })
            ]),
            "urls": .object([
                "completeUrl": .string(urls.completeUrl.absoluteString),
                "cancelUrl": optional(urls.cancelUrl),
                "paymentUrl": optional(urls.paymentUrl),
                "hostUrls": .array(urls.hostUrls.map { .string($0.absoluteString) }),
                "termsOfServiceUrl": optional(urls.termsOfServiceUrl),
            ]),
            "methods": .array(methods),
        ]
        var model: SwedbankPaySDK.JSONObject = [
            "paymentSession": .object(paymentSession),
            "operations": .array(offer.operations.map(\.json)),
        ]
        if let pending = session.problem, !pending.acknowledged {
            var problem = pending.problem.document
            problem["operation"] =
                SessionOperation.post(.acknowledgeFailedAttempt, context.links.acknowledge(problem: pending.number))
                .json
            model["problem"] = .object(problem)
        }
        return .object(model)
    }

    private static func method(
        method: PaymentSessionOffer.Method, order: PaymentOrderRecord, cardPrefills: [SavedCardPrefill]
    ) -> SwedbankPaySDK.JSONValue {
        var object: SwedbankPaySDK.JSONObject = ["paymentMethod": .string(method.name.rawValue)]
        switch method.name {
        case .swish:
            // The payer's number without spaces, so the app can use it as is.
            let msisdn = order.order.payer?.msisdn?.filter { !$0.isWhitespace } ?? ""
            if !msisdn.isEmpty {
                object["prefills"] = .array([.object(["rank": .integer(1), "msisdn": .string(msisdn)])])
            }
        case .creditCard:
            object["cardBrands"] = cardBrands
            if !cardPrefills.isEmpty {
                object["prefills"] = .array(cardPrefills.enumerated().map { $1.json(rank: $0 + 1) })
            }
        case .applePay:
            object["cardBrands"] = cardBrands
            object["merchantCapabilities"] = .array(
                ["supports3DS", "supportsDebit", "supportsCredit"].map { .string($0) })
        case .invoice, .invoiceNo, .invoiceFi, .trustly, .vipps, .mobilePay:
            break
        }
        if let operations = method.operations { object["operations"] = .array(operations.map(\.json)) }
        return .object(object)
    }

    private static let cardBrands = SwedbankPaySDK.JSONValue.array(["Visa", "MasterCard", "Amex"].map { .string($0) })

    private static func optional(_ url: URL?) -> SwedbankPaySDK.JSONValue {
        url.map { .string($0.absoluteString) } ?? .null
    }
}
#endif
