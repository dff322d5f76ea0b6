import Foundation

extension SwedbankPaySDK {
    /// What a configuration returns for a created payment order: the payment menu to show and the
    /// URLs the SDK watches for while it is shown.
    ///
    /// It is persisted with the payment state, so ``userInfo`` must be of a type registered with
    /// ``SwedbankPaySDK/registerCodable(_:encodedTypeName:)`` (or a built-in one) to be encodable.
    public struct ViewPaymentOrderInfo: Sendable, Hashable, Codable {
        /// The id of the payment order, if the configuration knows it.
        public var paymentId: String?
        /// Whether this is a Digital Payments (v3) payment order.
        public var isV3: Bool
        /// The consumer identification script, when v3 identification runs in the payment menu.
        public var viewConsumerIdentification: URL?
        /// The URL the payment menu page is loaded as; it must be one of the order's host URLs.
        public var webViewBaseURL: URL?
        /// The payment menu script: the `view-paymentorder` (v2) or `view-checkout` (v3) href.
        public var viewPaymentLink: URL
        /// The order's complete URL; navigating to it completes the payment.
        public var completeUrl: URL
        /// The order's cancel URL; navigating to it cancels the payment.
        public var cancelUrl: URL?
        /// The order's payment URL; opening it returns the payer to the payment menu.
        public var paymentUrl: URL?
        /// The order's terms of service URL.
        public var termsOfServiceUrl: URL?
        /// The current instrument of an instrument-mode payment.
        public var instrument: Instrument?
        /// The instruments an instrument-mode payment can switch to.
        public var availableInstruments: [Instrument]?
        /// Anything the configuration wants back in later calls about this payment order.
        public var userInfo: (any Sendable)?
        /// The operations of the payment order, for later updates and aborts.
        public var operations: [Operation]?

        /// The payment menu script, under its v2 name.
        @available(*, deprecated, renamed: "viewPaymentLink")
        public var viewPaymentorder: URL {
            viewPaymentLink
        }

        /// Creates payment menu info.
        public init(
            paymentId: String? = nil,
            isV3: Bool,
            webViewBaseURL: URL?,
            viewPaymentLink: URL,
            completeUrl: URL,
            cancelUrl: URL?,
            paymentUrl: URL?,
            termsOfServiceUrl: URL?,
            instrument: Instrument? = nil,
            availableInstruments: [Instrument]? = nil,
            userInfo: (any Sendable)? = nil,
            operations: [Operation]? = nil
        ) {
            self.paymentId = paymentId
            self.isV3 = isV3
            self.webViewBaseURL = webViewBaseURL
            self.viewPaymentLink = viewPaymentLink
            self.completeUrl = completeUrl
            self.cancelUrl = cancelUrl
            self.paymentUrl = paymentUrl
            self.termsOfServiceUrl = termsOfServiceUrl
            self.instrument = instrument
            self.availableInstruments = availableInstruments
            self.userInfo = userInfo
            self.operations = operations
        }

        private enum CodingKeys: String, CodingKey {
            case paymentId, isV3, viewConsumerIdentification, webViewBaseURL, viewPaymentLink, completeUrl
            case cancelUrl, paymentUrl, termsOfServiceUrl, instrument, availableInstruments, userInfo
            case operations
        }

        /// Decodes the info; `viewPaymentLink` and `completeUrl` are required, a missing `isV3` is false.
        ///
        /// - Throws: ``SwedbankPaySDK/UnregisteredCodableError`` if `userInfo` names an unregistered type.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            paymentId = try container.decodeIfPresent(String.self, forKey: .paymentId)
            isV3 = try container.decodeIfPresent(Bool.self, forKey: .isV3) ?? false
            viewConsumerIdentification = try container.decodeIfPresent(URL.self, forKey: .viewConsumerIdentification)
            webViewBaseURL = try container.decodeIfPresent(URL.self, forKey: .webViewBaseURL)
            viewPaymentLink = try container.decode(URL.self, forKey: .viewPaymentLink)
            completeUrl = try container.decode(URL.self, forKey: .completeUrl)
            cancelUrl = try container.decodeIfPresent(URL.self, forKey: .cancelUrl)
            paymentUrl = try container.decodeIfPresent(URL.self, forKey: .paymentUrl)
            termsOfServiceUrl = try container.decodeIfPresent(URL.self, forKey: .termsOfServiceUrl)
            instrument = try container.decodeIfPresent(Instrument.self, forKey: .instrument)
            availableInstruments = try container.decodeIfPresent([Instrument].self, forKey: .availableInstruments)
            userInfo = try container.decodeIfPresent(TypedCodableValue.self, forKey: .userInfo)?.value
            operations = try container.decodeIfPresent([Operation].self, forKey: .operations)
        }

        /// Encodes the info; a non-nil `userInfo` is written as `{"type": ..., "value": ...}`.
        ///
        /// - Throws: ``SwedbankPaySDK/UnregisteredCodableError`` if `userInfo` is of an unregistered type.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(paymentId, forKey: .paymentId)
            try container.encode(isV3, forKey: .isV3)
            try container.encodeIfPresent(viewConsumerIdentification, forKey: .viewConsumerIdentification)
            try container.encodeIfPresent(webViewBaseURL, forKey: .webViewBaseURL)
            try container.encode(viewPaymentLink, forKey: .viewPaymentLink)
            try container.encode(completeUrl, forKey: .completeUrl)
            try container.encodeIfPresent(cancelUrl, forKey: .cancelUrl)
            try container.encodeIfPresent(paymentUrl, forKey: .paymentUrl)
            try container.encodeIfPresent(termsOfServiceUrl, forKey: .termsOfServiceUrl)
            try container.encodeIfPresent(instrument, forKey: .instrument)
            try container.encodeIfPresent(availableInstruments, forKey: .availableInstruments)
            try container.encodeIfPresent(userInfo.map(TypedCodableValue.init), forKey: .userInfo)
            try container.encodeIfPresent(operations, forKey: .operations)
        }

        /// Equal when every field is; `userInfo` values count as equal when both are nil, or both
        /// are `Hashable` and equal.
        public static func == (lhs: ViewPaymentOrderInfo, rhs: ViewPaymentOrderInfo) -> Bool {
            lhs.paymentId == rhs.paymentId
                && lhs.isV3 == rhs.isV3
                && lhs.viewConsumerIdentification == rhs.viewConsumerIdentification
                && lhs.webViewBaseURL == rhs.webViewBaseURL
                && lhs.viewPaymentLink == rhs.viewPaymentLink
                && lhs.completeUrl == rhs.completeUrl
                && lhs.cancelUrl == rhs.cancelUrl
                && lhs.paymentUrl == rhs.paymentUrl
                && lhs.termsOfServiceUrl == rhs.termsOfServiceUrl
                && lhs.instrument == rhs.instrument
                && lhs.availableInstruments == rhs.availableInstruments
                && lhs.operations == rhs.operations
                && userInfoEqual(lhs.userInfo, rhs.userInfo)
        }

        private static func userInfoEqual(_ lhs: (any Sendable)?, _ rhs: (any Sendable)?) -> Bool {
            switch (lhs, rhs) {
            case (nil, nil):
                return true
            case let (lhs?, rhs?):
                guard let lhs = lhs as? AnyHashable, let rhs = rhs as? AnyHashable else { return false }
                return lhs == rhs
            default:
                return false
            }
        }

        /// Hashes every field except `userInfo`, which need not be `Hashable`; equal values still
        /// hash equally.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(paymentId)
            hasher.combine(isV3)
            hasher.combine(viewConsumerIdentification)
            hasher.combine(webViewBaseURL)
            hasher.combine(viewPaymentLink)
            hasher.combine(completeUrl)
            hasher.combine(cancelUrl)
            hasher.combine(paymentUrl)
            hasher.combine(termsOfServiceUrl)
            hasher.combine(instrument)
            hasher.combine(availableInstruments)
            hasher.combine(operations)
        }
    }
}
