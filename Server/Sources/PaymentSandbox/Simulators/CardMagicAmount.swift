import Foundation

/// The test amounts (minor units) that make a card authorization fail, from Swedbank Pay's test
/// data, with the problem type the sandbox answers for each. They apply to saved cards and Apple
/// Pay, at authorization time (after 3-D Secure).
enum CardMagicAmount {
    /// amount → (problem name under `creditcard/`, title, status, acquirer's words).
    private static let table: [Int64: (name: String, title: String, status: Int, original: String)] = [
        900313: (
            "acquirerinvalidamount", "Invalid amount", 403, "REJECTED_BY_ACQUIRER_INVALID_AMOUNT, response-code: 13"
        ),
        900330: ("acquirererror", "Acquirer error", 403, "REJECTED_BY_ACQUIRER_FORMAT_ERROR, response-code: 30"),
        900334: (
            "acquirerpossiblefraud", "Possible fraud", 403, "REJECTED_BY_ACQUIRER_POSSIBLE_FRAUD, response-code: 34"
        ),
        900343: ("acquirercardstolen", "Card stolen", 403, "REJECTED_BY_ACQUIRER_CARD_STOLEN, response-code: 43"),
        900351: ("acquirererror", "Acquirer error", 403, "REJECTED_BY_ACQUIRER-unknown error, response-code: 51"),
        900354: ("acquirercardexpired", "Card expired", 403, "REJECTED_BY_ACQUIRER_CARD_EXPIRED, response-code: 54"),
        900359: (
            "acquirerpossiblefraud", "Possible fraud", 403, "REJECTED_BY_ACQUIRER_POSSIBLE_FRAUD, response-code: 59"
        ),
        900361: (
            "acquirerinsufficientfunds", "Insufficient funds", 403,
            "REJECTED_BY_ACQUIRER_INSUFFICIENT_FUNDS, response-code: 61"
        ),
        900362: ("acquirererror", "Acquirer error", 403, "REJECTED_BY_ACQUIRER, response-code: 62"),
        900391: ("acquirergatewayerror", "Acquirer gateway error", 502, "ACQUIRER_HOST_OFFLINE, response-code: 91"),
        952400: ("acquirererrordonotretry", "Do not retry", 403, "DONOTRETRY, declined, do not retry"),
        952507: ("authenticationrequired", "Authentication required", 403, "MODIFICATIONSREQUIRED, declined"),
        952100: ("dailylimitexceeded", "Daily limit exceeded", 403, "DAILYLIMITEXCEEDED"),
    ]

    /// The amounts that fail, in ascending order (for documentation and tests).
    static var amounts: [Int64] { table.keys.sorted() }

    /// The problem an authorization of `amount` fails with, or nil when it succeeds.
    static func problem(amount: Int64) -> PaymentAttemptProblem? {
        guard let entry = table[amount] else { return nil }
        return .card(
            entry.name, title: entry.title, status: entry.status,
            detail: "The acquirer rejected the authorization.", originalDetail: entry.original)
    }
}
