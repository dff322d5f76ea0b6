import Foundation
import SwedbankPaySDK

extension SwedbankPaySDK {
    /// The answer of `GET payers/{payerReference}/paymentTokens`.
    public struct PayerOwnedPaymentTokensResponse: Codable, Sendable, Hashable {
        /// The payer and the tokens they own (`payerOwnedPaymentTokens`).
        public var payerOwnedPaymentTokens: PayerOwnedPaymentTokens
        /// The operations the answer offers on the list as a whole, as `SwedbankPaySDK.Operation`s;
        /// nil when the backend sent none.
        public var operations: [Operation]?

        /// Creates a response, for example for a test double of the Merchant Backend.
        ///
        /// - Parameters:
        ///   - payerOwnedPaymentTokens: The payer and the tokens they own.
        ///   - operations: The operations on the list as a whole; none by default.
        public init(payerOwnedPaymentTokens: PayerOwnedPaymentTokens, operations: [Operation]? = nil) {
            self.payerOwnedPaymentTokens = payerOwnedPaymentTokens
            self.operations = operations
        }
    }

    /// The payment tokens one payer owns.
    public struct PayerOwnedPaymentTokens: Codable, Sendable, Hashable {
        /// The identifier of the list, a path such as `/psp/paymentorders/payerownedtokens/<payerReference>`.
        public var id: String
        /// The merchant's reference of the payer, the one the tokens were listed for.
        public var payerReference: String
        /// The payer's saved tokens; nil when the backend sent no `paymentTokens`.
        public var paymentTokens: [PaymentTokenInfo]?

        /// Creates a payer's token list, for example for a test double of the Merchant Backend.
        ///
        /// - Parameters:
        ///   - id: The identifier of the list.
        ///   - payerReference: The merchant's reference of the payer.
        ///   - paymentTokens: The payer's saved tokens; nil by default.
        public init(id: String, payerReference: String, paymentTokens: [PaymentTokenInfo]? = nil) {
            self.id = id
            self.payerReference = payerReference
            self.paymentTokens = paymentTokens
        }
    }

    /// One saved payment token of a payer, as the Merchant Backend lists it.
    public struct PaymentTokenInfo: Codable, Sendable, Hashable {
        /// The Merchant Backend's own links for this token.
        public struct MobileSDKLinks: Codable, Sendable, Hashable {
            /// Where to `PATCH` to delete the token, relative to the response that listed it.
            public var delete: String?

            /// Creates the links from the delete link, if any.
            public init(delete: String? = nil) {
                self.delete = delete
            }
        }

        /// The payment token: the value that stands for the payer's saved instrument in a payment.
        public var paymentToken: String
        /// What the token pays with, such as `CreditCard`, as a `SwedbankPaySDK.Instrument`.
        public var instrument: Instrument?
        /// A displayable name, such as a masked card number.
        public var instrumentDisplayName: String?
        /// Details of the instrument by name, such as `expiryDate` (`"12/2030"`) and `cardBrand`
        /// (`"Visa"`) for a card.
        public var instrumentParameters: [String: String]?
        /// The Swedbank Pay operations on the token (such as `delete-paymenttokens`), as
        /// `SwedbankPaySDK.Operation`s.
        public var operations: [Operation]?
        /// The Merchant Backend's own links for the token (`mobileSDK`), through which
        /// ``deleteURL`` is found.
        public var mobileSDK: MobileSDKLinks?
        /// The URL the delete link resolves against: the URL of the response that listed the
        /// token. Set by the SDK; not part of the JSON.
        public var baseURL: URL?

        enum CodingKeys: String, CodingKey {
            case paymentToken, instrument, instrumentDisplayName, instrumentParameters, operations, mobileSDK
        }

        /// Creates a token's entry, for example for a test double of the Merchant Backend.
        ///
        /// - Parameters:
        ///   - paymentToken: The payment token.
        ///   - instrument: What the token pays with.
        ///   - instrumentDisplayName: A displayable name, such as a masked card number.
        ///   - instrumentParameters: Details of the instrument by name.
        ///   - operations: The Swedbank Pay operations on the token.
        ///   - mobileSDK: The Merchant Backend's own links for the token.
        ///   - baseURL: The URL a relative delete link resolves against; nil by default. The SDK sets
        ///     it to the URL of the response that listed the token.
        public init(
            paymentToken: String,
            instrument: Instrument? = nil,
            instrumentDisplayName: String? = nil,
            instrumentParameters: [String: String]? = nil,
            operations: [Operation]? = nil,
            mobileSDK: MobileSDKLinks? = nil,
            baseURL: URL? = nil
        ) {
            self.paymentToken = paymentToken
            self.instrument = instrument
            self.instrumentDisplayName = instrumentDisplayName
            self.instrumentParameters = instrumentParameters
            self.operations = operations
            self.mobileSDK = mobileSDK
            self.baseURL = baseURL
        }

        /// The resolved delete link, if the backend gave one.
        public var deleteURL: URL? {
            mobileSDK?.delete.flatMap { URL(string: $0, relativeTo: baseURL)?.absoluteURL }
        }
    }
}
