#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// A card the payer typed into the hosted payment menu, checked as the menu's own script checks
/// it (the server repeats every check: a page is not to be trusted). The behaviour of a valid
/// card comes from the sandbox's test-card matrix (``SandboxTestCard``), the same one saved cards
/// and the payment session API use.
struct CardEntry: Sendable, Equatable {
    /// Digits only.
    let number: String
    let expiryMonth: Int
    let expiryYear: Int
    let cvc: String

    /// The problems of a typed card, by form field (`card.number`, `card.expiry`, `card.cvc`).
    struct Problems: Error, Sendable, Equatable {
        var fields: [(name: String, description: String)]

        static func == (lhs: Problems, rhs: Problems) -> Bool {
            lhs.fields.map(\.name) == rhs.fields.map(\.name)
                && lhs.fields.map(\.description) == rhs.fields.map(\.description)
        }
    }

    /// Checks the fields as typed: spaces and dashes in the number are ignored, the expiry is
    /// `MM/YY` or `MM/YYYY` and not before the month of `date` (UTC), the CVC has 3 digits (4 for
    /// American Express).
    static func parse(number rawNumber: String, expiry: String, cvc: String, date: Date) throws(Problems)
        -> CardEntry
    {
        var problems: [(name: String, description: String)] = []
        let number = rawNumber.filter { $0 != " " && $0 != "-" }
        if number.isEmpty {
            problems.append(("card.number", "Enter the card number."))
        } else if !number.allSatisfy(\.isASCIIDigit) || !(12...19).contains(number.count) {
            problems.append(("card.number", "A card number has 12 to 19 digits."))
        } else if !luhnValid(number) {
            problems.append(("card.number", "The card number is not valid; check the digits."))
        }
        let parsedExpiry = SavedCardPrefill.parseExpiry(expiry.filter { $0 != " " })
        if let parsedExpiry {
            if isBefore(month: parsedExpiry.month, year: parsedExpiry.year, date: date) {
                problems.append(("card.expiry", "The card has expired."))
            }
        } else {
            problems.append(("card.expiry", "Enter the expiry date as MM/YY."))
        }
        let isAmex = number.hasPrefix("34") || number.hasPrefix("37")
        let cvcLength = isAmex ? 4 : 3
        if cvc.count != cvcLength || !cvc.allSatisfy(\.isASCIIDigit) {
            problems.append(("card.cvc", "The security code has \(cvcLength) digits."))
        }
        guard problems.isEmpty, let parsedExpiry else { throw Problems(fields: problems) }
        return CardEntry(number: number, expiryMonth: parsedExpiry.month, expiryYear: parsedExpiry.year, cvc: cvc)
    }

    /// The Luhn (mod 10) check every card number passes.
    static func luhnValid(_ digits: String) -> Bool {
        var sum = 0
        for (index, character) in digits.reversed().enumerated() {
            guard let digit = character.wholeNumberValue else { return false }
            if index % 2 == 1 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
        }
        return sum % 10 == 0
    }

    private static func isBefore(month: Int, year: Int, date: Date) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let now = calendar.dateComponents([.year, .month], from: date)
        return (year, month) < (now.year ?? 0, now.month ?? 0)
    }

    /// How the test-card matrix treats this card; a number it does not list is frictionless.
    var behaviour: SandboxCardBehaviour {
        SandboxTestCard.catalogue.first { $0.pan == number }?.behaviour ?? .frictionless
    }

    /// The scheme: a test card's own, else from the number's leading digits (``CardIdentity``).
    var brand: String { CardIdentity(pan: number).cardBrand }

    /// `492500******0004`, as the order's `paid.details` shows it.
    var maskedPan: String { SandboxTestCard.mask(number) }

    /// `MM/YYYY`.
    var expiryText: String { String(format: "%02d/%04d", expiryMonth, expiryYear) }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
#endif
