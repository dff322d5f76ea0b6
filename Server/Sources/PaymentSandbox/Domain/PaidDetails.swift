import Foundation

/// The reconciliation facts of `paid.details` that every payment of an instrument carries at the
/// real service, whichever way the sandbox was paid (payment session, hosted view, control API):
/// what the acquirer answered for a card or wallet payment, the order id of a Trustly payment.
/// Derived from the attempt number, so they are stable and need no storage.
enum PaidDetails {
    /// The facts for `instrument`, paid by attempt `number` at `now`; the caller's own details
    /// (card brand, masked PAN, payer's number) win over these.
    static func reconciliation(instrument: String, number: Int64, now: Date) -> [String: String] {
        let digits = String(format: "%012lld", number % 1_000_000_000_000)
        switch instrument {
        case "CreditCard", "ApplePay":
            var facts = [
                "acquirerStan": String(digits.suffix(6)), "acquirerTerminalId": "35",
                "acquirerTransactionTime": PSPTimestamp.format(now), "bin": "492500",
                "issuerAuthorizationApprovalCode": "L" + String(digits.suffix(5)), "issuingBank": "Utl. Visa",
                "paymentAccountReference": "PAR" + digits + "SANDBOX0000000",
                "nonPaymentToken": "npt-" + digits, "externalNonPaymentToken": "enpt-" + digits,
            ]
            if instrument == "ApplePay" { facts["maskedDPan"] = "489537******" + String(digits.suffix(4)) }
            return facts
        case "Trustly":
            return ["trustlyOrderId": String(digits.suffix(10))]
        default:
            return [:]
        }
    }
}
