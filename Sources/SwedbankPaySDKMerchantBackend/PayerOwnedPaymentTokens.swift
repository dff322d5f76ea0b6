import Foundation
import SwedbankPaySDK

extension SwedbankPaySDK {
    /// The answer of `GET payers/{payerReference}/paymentTokens`.
    public struct PayerOwnedPaymentTokensResponse: Codable, Sendable, Hashable {
        public var payerOwnedPaymentTokens: PayerOwnedPaymentTokens
        public var operations: [Operation]?

        public init(payerOwnedPaymentTokens: PayerOwnedPaymentTokens, operations: [Operation]? = nil) {
            self.payerOwnedPaymentTokens = payerOwnedPaymentTokens
            self.operations = operations
        }
    }

    /// The payment tokens one payer owns.
    public struct PayerOwnedPaymentTokens: Codable, Sendable, Hashable {
        public var id: String
        public var payerReference: String
        public var paymentTokens: [PaymentTokenInfo]?

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

            public init(delete: String? = nil) {
                self.delete = delete
            }
        }

        public var paymentToken: String
        public var instrument: Instrument?
        /// A displayable name, such as a masked card number.
        public var instrumentDisplayName: String?
        public var instrumentParameters: [String: String]?
        public var operations: [Operation]?
        public var mobileSDK: MobileSDKLinks?
        /// The URL the delete link resolves against: the URL of the response that listed the
        /// token. Set by the SDK; not part of the JSON.
        public var baseURL: URL?

        enum CodingKeys: String, CodingKey {
            case paymentToken, instrument, instrumentDisplayName, instrumentParameters, operations, mobileSDK
        }

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
