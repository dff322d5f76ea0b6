#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// The reconciliation facts of `paid.details` that every payment of an instrument carries at the
/// real service, whichever way the sandbox was paid (payment session, hosted view, control API):
/// what the acquirer answered for a card or wallet payment, the order id of a Trustly payment.
/// Derived from the attempt number, so they are stable and need no storage.
enum PaidDetails {
    /// The facts for `instrument`, paid by attempt `number` at `now`; the caller's own details
    /// (card brand, masked PAN, payer's number) win over these. A card's BIN and issuer are the
    /// card's own (``withCardIdentity(_:)``), not facts of the attempt.
    static func reconciliation(instrument: SandboxInstrument, number: Int64, now: Date) -> [String: String] {
        let digits = String(format: "%012lld", number % 1_000_000_000_000)
        switch instrument {
        case .creditCard, .applePay:
            var facts = [
                "acquirerStan": String(digits.suffix(6)), "acquirerTerminalId": "35",
                "acquirerTransactionTime": PSPTimestamp.format(now),
                "issuerAuthorizationApprovalCode": "L" + String(digits.suffix(5)),
                "paymentAccountReference": "PAR" + digits + "SANDBOX0000000",
                "nonPaymentToken": "npt-" + digits, "externalNonPaymentToken": "enpt-" + digits,
            ]
            // The device (Apple Pay) or network token (card) the scheme paid with, as the portal's
            // card examples show it beside the PAN.
            facts["maskedDPan"] =
                (instrument == .applePay ? "489537******" : "************") + String(digits.suffix(4))
            return facts
        case .vipps:
            // The portal's Vipps example: a network token's masked DPAN, no STAN or approval code.
            return [
                "nonPaymentToken": "npt-" + digits, "externalNonPaymentToken": "enpt-" + digits,
                "maskedDPan": "489537******" + String(digits.suffix(4)), "acquirerTerminalId": "99488282",
                "acquirerTransactionTime": PSPTimestamp.format(now), "bin": "489537",
            ]
        case .mobilePay:
            return [
                "nonPaymentToken": "npt-" + digits, "externalNonPaymentToken": "enpt-" + digits,
                "issuerAuthorizationApprovalCode": String(digits.suffix(6)), "acquirerStan": String(digits.suffix(5)),
                "acquirerTerminalId": "42", "acquirerTransactionTime": PSPTimestamp.format(now), "bin": "489537",
            ]
        case .trustly:
            return ["trustlyOrderId": String(digits.suffix(10))]
        case .swish, .invoice, .invoiceNo, .invoiceFi:
            return [:]
        }
    }

    /// A card payment's details with the card's `bin`, `cardBrand` and `issuingBank`
    /// (``CardIdentity``), read from the `maskedPan` the caller paid with; the caller's own
    /// members win. Details without a masked PAN are returned as they are.
    static func withCardIdentity(_ details: [String: String]) -> [String: String] {
        guard let maskedPan = details["maskedPan"] else { return details }
        return CardIdentity(maskedPan: maskedPan).details.merging(details) { _, own in own }
    }

    /// The details that the portal shows as JSON numbers (every Trustly example's `trustlyOrderId`);
    /// the rest are strings.
    static let numericKeys: Set<String> = ["trustlyOrderId"]

    /// The portal's four Swish `paid` examples name the payer's number `misidn`; whether that is
    /// the service's spelling or the portal's, no public source says, so both names are written.
    static let aliases = ["msisdn": "misidn"]

    /// `paid.details` as JSON: the numeric facts as numbers, everything else as strings, and each
    /// fact with an alias under both names.
    static func json(_ details: [String: String]) -> SwedbankPaySDK.JSONObject {
        details.reduce(into: [:]) { object, entry in
            if numericKeys.contains(entry.key), let number = Int64(entry.value) {
                object[entry.key] = .integer(number)
            } else {
                object[entry.key] = .string(entry.value)
            }
            if let alias = aliases[entry.key], details[alias] == nil { object[alias] = .string(entry.value) }
        }
    }
}
#endif
