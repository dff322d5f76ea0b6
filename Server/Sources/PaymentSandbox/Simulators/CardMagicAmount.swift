#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The test amounts (minor units) that make a card authorization fail, from Swedbank Pay's test
/// data, with the problem type the sandbox answers for each. They apply to saved cards and Apple
/// Pay, at authorization time (after 3-D Secure).
enum CardMagicAmount {
    /// amount → (problem name in ``CardProblems``, the acquirer's words).
    private static let table: [Int64: (name: String, original: String)] = [
        900305: ("monthlylimitexceeded", "MONTHLYLIMITEXCEEDED, the monthly attempt limit has been exceeded"),
        900313: ("acquirerinvalidamount", "REJECTED_BY_ACQUIRER_INVALID_AMOUNT, response-code: 13"),
        900330: ("acquirererror", "REJECTED_BY_ACQUIRER_FORMAT_ERROR, response-code: 30"),
        900334: ("acquirerpossiblefraud", "REJECTED_BY_ACQUIRER_POSSIBLE_FRAUD, response-code: 34"),
        900343: ("acquirercardstolen", "REJECTED_BY_ACQUIRER_CARD_STOLEN, response-code: 43"),
        900351: ("acquirererror", "REJECTED_BY_ACQUIRER-unknown error, response-code: 51"),
        900354: ("acquirercardexpired", "REJECTED_BY_ACQUIRER_CARD_EXPIRED, response-code: 54"),
        900359: ("acquirerpossiblefraud", "REJECTED_BY_ACQUIRER_POSSIBLE_FRAUD, response-code: 59"),
        900361: ("acquirerinsufficientfunds", "REJECTED_BY_ACQUIRER_INSUFFICIENT_FUNDS, response-code: 61"),
        900362: ("acquirererror", "REJECTED_BY_ACQUIRER, response-code: 62"),
        900391: ("acquirergatewayerror", "ACQUIRER_HOST_OFFLINE, response-code: 91"),
        952400: ("acquirererrordonotretry", "DONOTRETRY, declined, do not retry"),
        952501: ("acquirererrormodificationsrequired", "MODIFICATIONSREQUIRED, declined, needs modifications"),
        952507: ("authenticationrequired", "MODIFICATIONSREQUIRED, declined"),
        952100: ("dailylimitexceeded", "DAILYLIMITEXCEEDED"),
    ]

    /// The amounts that fail, in ascending order (for documentation and tests).
    static var amounts: [Int64] { table.keys.sorted() }

    /// The problem an authorization of `amount` fails with (the portal's card problem, body and
    /// all), or nil when it succeeds.
    static func problem(amount: Int64) -> PaymentAttemptProblem? {
        guard let entry = table[amount] else { return nil }
        return .card(entry.name, originalDetail: entry.original)
    }
}
#endif
