#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

extension PaymentOrderRecord {
    /// The members of a `POST /psp/paymentorders` request that the sandbox keeps as sent, because
    /// the SDK model lacks them (or some of their members) and `GET` shows them again or the
    /// payer's pages act on them. Sub-resources merge the model's encoding with them, the model
    /// winning where both have a member: the model plus what it lacks (`urls.logoUrl`, the payer's
    /// names).
    ///
    /// Of an object the model carries (`urls`, `payeeInfo`, `payer`) only the members its type does
    /// not have are kept: the rest is the model's already. Which members a type has is learnt once,
    /// from an exemplar with every optional set, not by encoding each order (most of a creation's
    /// JSON work when it was done so).
    enum RequestMember: String, CaseIterable, Sendable {
        case metadata, implementation, restrictedToPayoutInstruments, enablePaymentDetailsConsentCheckbox
        case urls, payeeInfo, payer

        /// The kept members of `request` (the `paymentorder` object).
        static func kept(from request: SwedbankPaySDK.JSONObject) -> [Self: SwedbankPaySDK.JSONValue] {
            var kept: [Self: SwedbankPaySDK.JSONValue] = [:]
            for member in allCases {
                guard let value = request[member.rawValue] else { continue }
                if case .object(let object) = value, let modelled = member.modelledShape {
                    let lacking = JSONFields.residual(object, known: modelled)
                    if !lacking.isEmpty { kept[member] = .object(lacking) }
                } else {
                    kept[member] = value
                }
            }
            return kept
        }

        /// For a member the model carries as an object, its type's encoding with every optional set.
        var modelledShape: SwedbankPaySDK.JSONObject? {
            switch self {
            case .urls: Self.urlsShape
            case .payeeInfo: Self.payeeInfoShape
            case .payer: Self.payerShape
            case .metadata, .implementation, .restrictedToPayoutInstruments, .enablePaymentDetailsConsentCheckbox: nil
            }
        }

        private static let urlsShape = JSONFields.encodeObject(Exemplar.urls)
        private static let payeeInfoShape = JSONFields.encodeObject(Exemplar.payeeInfo)
        private static let payerShape = JSONFields.encodeObject(Exemplar.payer)

        /// Values of the model's types with every optional set (a test holds them so, member by
        /// member, so that a member the SDK adds is not kept twice unnoticed).
        enum Exemplar {
            private static let url = URL(string: "https://exemplar.invalid")!

            static let urls = SwedbankPaySDK.PaymentOrderUrls(
                hostUrls: [url], completeUrl: url, cancelUrl: url, paymentUrl: url, callbackUrl: url,
                termsOfServiceUrl: url)

            static let payeeInfo = SwedbankPaySDK.PayeeInfo(
                payeeId: "-", payeeReference: "-", payeeName: "-", productCategory: "-", orderReference: "-",
                subsite: "-")

            static let payer: SwedbankPaySDK.PaymentOrderPayer = {
                var payer = SwedbankPaySDK.PaymentOrderPayer(
                    consumerProfileRef: "-", email: "-", msisdn: "-", payerReference: "-")
                payer.requireConsumerInfo = true
                payer.digitalProducts = true
                payer.nationalIdentifier = .init(socialSecurityNumber: "-", countryCode: "-")
                payer.shippingAddressRestrictedToCountryCodes = ["-"]
                return payer
            }()
        }
    }

    /// A kept member of the order's request, as sent (an object's members the model lacks).
    func requested(_ member: RequestMember) -> SwedbankPaySDK.JSONValue? { requestMembers[member] }
}
#endif
