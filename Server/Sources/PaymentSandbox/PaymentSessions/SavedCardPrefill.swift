#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// A saved card the session offers as a CreditCard prefill: one of the payer's stored card tokens
/// or one of the two sandbox cards every payer-aware order gets.
struct SavedCardPrefill: Sendable, Equatable {
    let paymentToken: String
    let cardBrand: String
    let maskedPan: String
    let expiryMonth: Int
    let expiryYear: Int
    let behaviour: SandboxCardBehaviour

    /// The sandbox cards, with fixed tokens so a script can use them without reading the model.
    static let sandboxCards = [
        SavedCardPrefill(
            paymentToken: "5a17c24e-0000-4000-8000-492500000004", cardBrand: "Visa",
            maskedPan: SandboxTestCard.frictionlessVisa.maskedPan, expiryMonth: 12, expiryYear: 2035,
            behaviour: .frictionless),
        SavedCardPrefill(
            paymentToken: "5a17c24e-0000-4000-8000-522661003406", cardBrand: "MasterCard",
            maskedPan: SandboxTestCard.challengeMasterCard.maskedPan, expiryMonth: 12, expiryYear: 2035,
            behaviour: .challenge),
    ]

    init(
        paymentToken: String, cardBrand: String, maskedPan: String, expiryMonth: Int, expiryYear: Int,
        behaviour: SandboxCardBehaviour
    ) {
        self.paymentToken = paymentToken
        self.cardBrand = cardBrand
        self.maskedPan = maskedPan
        self.expiryMonth = expiryMonth
        self.expiryYear = expiryYear
        self.behaviour = behaviour
    }

    /// A stored CreditCard token; nil for other instruments, deleted tokens or an unreadable
    /// `expiryDate` (`MM/YYYY` or `MM/YY`).
    init?(token: PayerTokenRecord) {
        guard token.instrument == .creditCard, !token.deleted,
            let expiry = token.instrumentParameters["expiryDate"].flatMap(Self.parseExpiry)
        else { return nil }
        self.init(
            paymentToken: token.token,
            cardBrand: token.instrumentParameters["cardBrand"]
                ?? CardIdentity(maskedPan: token.instrumentDisplayName).cardBrand,
            maskedPan: token.instrumentDisplayName, expiryMonth: expiry.month, expiryYear: expiry.year,
            behaviour: SandboxTestCard.behaviour(maskedPan: token.instrumentDisplayName))
    }

    /// The prefills of a payer-aware order: the payer's stored cards, then the sandbox cards.
    /// Guest orders, and sessions that hide stored options, get none.
    static func prefills(order: PaymentOrderRecord, storedTokens: [PayerTokenRecord], hidden: Bool)
        -> [SavedCardPrefill]
    {
        guard !order.isGuest, !hidden else { return [] }
        return storedTokens.compactMap(SavedCardPrefill.init(token:)) + sandboxCards
    }

    /// `yyyy-MM-ddT00:00:00Z` of the last day of the expiry month, as the SDK decodes it.
    var expiryDate: String {
        String(
            format: "%04d-%02d-%02dT00:00:00Z", expiryYear, expiryMonth, Self.days(inMonth: expiryMonth, of: expiryYear)
        )
    }

    /// `MM/YYYY`, as the order's `paid.details.expiryDate` shows it.
    var expiryText: String { String(format: "%02d/%04d", expiryMonth, expiryYear) }

    /// Whether the card has expired at `date`: after the last day of its expiry month (UTC).
    func isExpired(at date: Date) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let nextMonth = expiryMonth == 12 ? (1, expiryYear + 1) : (expiryMonth + 1, expiryYear)
        guard let end = calendar.date(from: DateComponents(year: nextMonth.1, month: nextMonth.0, day: 1)) else {
            return false
        }
        return date >= end
    }

    /// The prefill member of the CreditCard method.
    func json(rank: Int) -> SwedbankPaySDK.JSONValue {
        .object([
            "rank": .integer(Int64(rank)), "paymentToken": .string(paymentToken), "cardBrand": .string(cardBrand),
            "maskedPan": .string(maskedPan), "expiryDate": .string(expiryDate),
        ])
    }

    static func parseExpiry(_ text: String) -> (month: Int, year: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let month = Int(parts[0]), (1...12).contains(month), let year = Int(parts[1]) else {
            return nil
        }
        switch parts[1].count {
        case 2: return (month, 2000 + year)
        case 4: return (month, year)
        default: return nil
        }
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
#endif
