import Foundation

extension SwedbankPaySDK {
    /// Shows a wallet's payment sheet (Apple Pay) and hands back what the payer authorized.
    ///
    /// The session gives the request and a `submit` function. The authorizer shows the sheet; when
    /// the payer authorizes, it calls `submit` with the token's payment data (for Apple Pay
    /// `PKPaymentToken.paymentData`) and shows the sheet's result by what `submit` returns (true:
    /// paid). It returns when the sheet is gone.
    public protocol WalletAuthorizer: Sendable {
        @MainActor
        func authorize(
            _ request: WalletPaymentRequest, submit: @escaping @Sendable (Data) async -> Bool
        ) async -> WalletAuthorizationOutcome
    }

    /// How a wallet sheet ended.
    public enum WalletAuthorizationOutcome: Sendable, Hashable {
        /// The payer authorized and `submit` was called.
        case submitted
        /// The payer closed the sheet without paying.
        case cancelled
        /// The sheet could not be shown or failed; the text describes why (sent as `errorCode`).
        case failed(String)
    }

    /// A wallet payment, from the session's `wallet-sdk` task.
    public struct WalletPaymentRequest: Sendable, Hashable {
        public var merchantIdentifier: String
        /// The summary line (`TotalAmountLabel`).
        public var totalAmountLabel: String?
        /// A decimal in major units (`"15.00"`).
        public var totalAmount: String?
        public var currencyCode: String?
        /// The session's culture (`sv-SE`); its region is the country code.
        public var locale: String?
        /// `supports3DS`, `supportsDebit`, `supportsCredit`.
        public var merchantCapabilities: [String]
        /// `visa`, `masterCard`, `amex`, ...
        public var supportedNetworks: [String]
        public var supportedCountries: [String]
        public var requiredShippingContactFields: [String]

        public init(
            merchantIdentifier: String, totalAmountLabel: String?, totalAmount: String?, currencyCode: String?,
            locale: String?, merchantCapabilities: [String], supportedNetworks: [String],
            supportedCountries: [String], requiredShippingContactFields: [String]
        ) {
            self.merchantIdentifier = merchantIdentifier
            self.totalAmountLabel = totalAmountLabel
            self.totalAmount = totalAmount
            self.currencyCode = currencyCode
            self.locale = locale
            self.merchantCapabilities = merchantCapabilities
            self.supportedNetworks = supportedNetworks
            self.supportedCountries = supportedCountries
            self.requiredShippingContactFields = requiredShippingContactFields
        }

        /// The region of ``locale`` (`SE` for `sv-SE`).
        public var countryCode: String? {
            guard let locale, let region = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).dropFirst().last
            else { return nil }
            return String(region).uppercased()
        }

        init(merchantIdentifier: String, task: SessionTask) {
            self.init(
                merchantIdentifier: merchantIdentifier, totalAmountLabel: task.string("TotalAmountLabel"),
                totalAmount: task.string("TotalAmount"), currencyCode: task.string("CurrencyCode"),
                locale: task.string("Locale"), merchantCapabilities: task.expects.strings("MerchantCapabilities") ?? [],
                supportedNetworks: task.expects.strings("SupportedNetworks") ?? [],
                supportedCountries: task.expects.strings("SupportedCountries") ?? [],
                requiredShippingContactFields: task.expects.strings("RequiredShippingContactFields") ?? [])
        }
    }

    /// A ``WalletAuthorizer`` for platforms without a wallet: every sheet fails.
    public struct UnavailableWalletAuthorizer: WalletAuthorizer {
        public init() {}

        @MainActor
        public func authorize(
            _ request: WalletPaymentRequest, submit: @escaping @Sendable (Data) async -> Bool
        ) async -> WalletAuthorizationOutcome {
            .failed("No wallet on this platform")
        }
    }
}
