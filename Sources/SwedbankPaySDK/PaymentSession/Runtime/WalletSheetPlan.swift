import Foundation

extension SwedbankPaySDK {
    /// What the Apple Pay sheet is asked for, decided from the session's `wallet-sdk` task. The
    /// PassKit shell (`PassKitWalletAuthorizer`, Apple only) turns each value into PassKit's type
    /// and decides nothing, so these rules are tested on every platform.
    struct WalletSheetPlan: Equatable, Sendable {
        /// A merchant capability the SDK knows, by the task's name for it.
        enum Capability: String, CaseIterable, Sendable {
            case threeDS = "supports3DS"
            case debit = "supportsDebit"
            case credit = "supportsCredit"
        }

        /// The one summary line: the total.
        struct Total: Equatable, Sendable {
            var label: String
            var amount: Decimal
        }

        var merchantIdentifier: String
        var countryCode: String?
        var currencyCode: String?
        /// In the task's order, once each; names the SDK does not know are left out, not guessed.
        var capabilities: [Capability]
        /// Names of ``WalletDevice/knownNetworks`` (lowercase), in the task's order, once each; the
        /// task's spelling is matched without regard to case (`masterCard`), unknown names left out.
        var networks: [String]
        /// Nil: cards of any country.
        var supportedCountries: Set<String>?
        /// PassKit's `PKContactField` raw values, as the task gives them.
        var requiredShippingContactFields: Set<String>
        /// Nil when the task has no label or no amount, or an amount that is not a plain decimal
        /// in major units (`15.00`): the sheet then has no total, and PassKit refuses to show it,
        /// which ends the attempt as failed rather than showing a wrong figure.
        var total: Total?

        init(_ request: WalletPaymentRequest) {
            merchantIdentifier = request.merchantIdentifier
            countryCode = request.countryCode
            currencyCode = request.currencyCode
            capabilities = Self.unique(request.merchantCapabilities.compactMap(Capability.init(rawValue:)))
            let known = Set(WalletDevice.knownNetworks)
            networks = Self.unique(request.supportedNetworks.map { $0.lowercased() }.filter(known.contains))
            supportedCountries = request.supportedCountries.isEmpty ? nil : Set(request.supportedCountries)
            requiredShippingContactFields = Set(request.requiredShippingContactFields)
            if let label = request.totalAmountLabel, let text = request.totalAmount, let amount = Self.amount(text) {
                total = Total(label: label, amount: amount)
            } else {
                total = nil
            }
        }

        /// `15`, `15.5`, `1500.50`: digits with at most one point, nothing else (no sign, no
        /// exponent, no grouping), read the same in every locale.
        static func amount(_ text: String) -> Decimal? {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), !parts[0].isEmpty,
                parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                parts.count == 1 || !parts[1].isEmpty
            else { return nil }
            return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        }

        private static func unique<T: Hashable>(_ items: [T]) -> [T] {
            var seen = Set<T>()
            return items.filter { seen.insert($0).inserted }
        }
    }
}
