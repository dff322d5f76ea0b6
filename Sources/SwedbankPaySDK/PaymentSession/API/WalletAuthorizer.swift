import Foundation

extension SwedbankPaySDK {
    /// Shows a wallet's payment sheet (Apple Pay) and hands back what the payer authorized.
    ///
    /// The session gives the request and a `submit` function. The authorizer shows the sheet; when
    /// the payer authorizes, it calls `submit` with the token's payment data (for Apple Pay
    /// `PKPaymentToken.paymentData`) and shows the sheet's result by what `submit` returns (true:
    /// paid). It returns when the sheet is gone.
    public protocol WalletAuthorizer: Sendable {
        /// Shows the payment sheet for `request`, submits what the payer authorizes, and returns
        /// when the sheet is gone.
        ///
        /// - Parameters:
        ///   - request: What the sheet asks the payer to pay, from the session's `wallet-sdk` task.
        ///   - submit: Sends the authorized token's payment data to the session; returns true when
        ///     that completed the payment, which the sheet then shows as success.
        /// - Returns: How the sheet ended.
        @MainActor
        func authorize(
            _ request: WalletPaymentRequest, submit: @escaping @Sendable (Data) async -> Bool
        ) async -> WalletAuthorizationOutcome

        /// What the payer's wallet can pay with, read when a session is created; it makes
        /// ``AvailableInstrument/applePay(canMakePayments:canMakePaymentsUsingNetworksAndCapabilities:)``.
        /// The default says everything: an authorizer of your own that cannot tell claims no less.
        @MainActor
        var device: WalletDevice { get }
    }

    /// What a device's wallet can pay with: whether it can pay at all, and with which card networks
    /// and capabilities (PassKit's checks, made once).
    public struct WalletDevice: Sendable, Hashable {
        /// The device can make wallet payments (PassKit's `canMakePayments()`).
        public var canMakePayments: Bool
        /// The card networks the payer has a card of, lower-cased (`visa`, `mastercard`, `amex`).
        public var networks: Set<String>
        /// What those cards support: `supports3DS`, `supportsDebit`, `supportsCredit`.
        public var capabilities: Set<String>

        /// Creates a description of a wallet.
        public init(canMakePayments: Bool, networks: Set<String>, capabilities: Set<String>) {
            self.canMakePayments = canMakePayments
            self.networks = networks
            self.capabilities = capabilities
        }

        /// The card networks Apple Pay knows (PassKit's names, lower-cased); a session's card brand
        /// names are matched against them in any letter case, others are dropped.
        public static let knownNetworks: [String] = [
            "amex", "cartebancaires", "chinaunionpay", "discover", "interac", "id", "jcb", "mastercard", "quicpay",
            "suica", "visa",
        ]
        /// The merchant capabilities a session names.
        public static let knownCapabilities: [String] = ["supports3DS", "supportsDebit", "supportsCredit"]

        /// A wallet that can pay with every network and capability.
        public static let everything = WalletDevice(
            canMakePayments: true, networks: Set(knownNetworks), capabilities: Set(knownCapabilities))
        /// No wallet.
        public static let none = WalletDevice(canMakePayments: false, networks: [], capabilities: [])

        /// Whether a method offering `networks` (the session's card brands) and asking for
        /// `capabilities` can be paid: the wallet can pay, has a card of one of the networks, and
        /// supports every capability asked for.
        public func canPay(networks brands: [String], capabilities asked: [String]) -> Bool {
            let offered = Set(brands.map { $0.lowercased() }).intersection(Self.knownNetworks)
            return canMakePayments && !offered.isDisjoint(with: networks) && Set(asked).isSubset(of: capabilities)
        }
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
        /// The app's Apple Pay merchant identifier (`merchant.com.example.app`), as given in
        /// ``PaymentAttemptInstrument/applePay(merchantIdentifier:)``.
        public var merchantIdentifier: String
        /// The summary line (`TotalAmountLabel`).
        public var totalAmountLabel: String?
        /// A decimal in major units (`"15.00"`).
        public var totalAmount: String?
        /// The ISO 4217 code of the currency (`SEK`), from the task's `CurrencyCode`.
        public var currencyCode: String?
        /// The session's culture (`sv-SE`); its region is the country code.
        public var locale: String?
        /// `supports3DS`, `supportsDebit`, `supportsCredit`.
        public var merchantCapabilities: [String]
        /// `visa`, `masterCard`, `amex`, ...
        public var supportedNetworks: [String]
        /// The ISO 3166 codes of the countries whose cards are accepted (`SE`, `NO`); empty for any
        /// country. From the task's `SupportedCountries`.
        public var supportedCountries: [String]
        /// The contact details the sheet must collect from the payer, as PassKit's `PKContactField`
        /// raw values; from the task's `RequiredShippingContactFields`, usually empty.
        public var requiredShippingContactFields: [String]

        /// Creates a request from its values; the SDK makes them from the session's `wallet-sdk` task.
        ///
        /// - Parameters:
        ///   - merchantIdentifier: The app's Apple Pay merchant identifier.
        ///   - totalAmountLabel: The summary line, if any.
        ///   - totalAmount: A decimal in major units (`"15.00"`), if any.
        ///   - currencyCode: The ISO 4217 code of the currency, if any.
        ///   - locale: The session's culture (`sv-SE`), whose region is the country code, if any.
        ///   - merchantCapabilities: `supports3DS`, `supportsDebit`, `supportsCredit`.
        ///   - supportedNetworks: The card networks accepted (`visa`, `masterCard`, ...).
        ///   - supportedCountries: The ISO 3166 codes of the countries whose cards are accepted.
        ///   - requiredShippingContactFields: The contact details the sheet must collect.
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
        /// Creates the authorizer.
        public init() {}

        /// Returns ``WalletAuthorizationOutcome/failed(_:)`` at once, without showing anything or
        /// calling `submit`.
        @MainActor
        public func authorize(
            _ request: WalletPaymentRequest, submit: @escaping @Sendable (Data) async -> Bool
        ) async -> WalletAuthorizationOutcome {
            .failed("No wallet on this platform")
        }

        /// No wallet: Apple Pay is listed, but cannot be paid.
        @MainActor
        public var device: WalletDevice { .none }
    }
}

extension SwedbankPaySDK.WalletAuthorizer {
    /// Claims every network and capability: an authorizer that cannot tell says no less.
    @MainActor
    public var device: SwedbankPaySDK.WalletDevice { .everything }
}
