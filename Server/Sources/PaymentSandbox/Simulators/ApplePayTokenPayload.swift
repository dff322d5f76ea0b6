#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// The simulated Apple Pay token: what `attempt-payload`'s `paymentPayload` carries, base64 of the
/// JSON of `PKPaymentToken.paymentData`:
/// `{"version": "EC_v1", "data": "...", "signature": "...", "header": {"transactionId": "...", ...}}`.
/// Nothing is decrypted; `data` equal to `"DECLINE"` makes the card decline.
struct ApplePayTokenPayload: Sendable, Equatable {
    let data: String
    let transactionId: String

    /// Whether the payer's card declines.
    var declines: Bool { data == "DECLINE" }

    /// Parses the base64 payload; throws a 400 `inputerror` naming `paymentPayload` when it is not
    /// a simulated Apple Pay token.
    init(base64 payload: String) throws(SandboxProblem) {
        guard let bytes = Data(base64Encoded: payload),
            case .object(let token)? = try? JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: bytes)
        else {
            throw Self.invalid("The field must be base64 of the JSON of an Apple Pay payment token.")
        }
        guard token["version"]?.stringValue == "EC_v1" else { throw Self.invalid("The token's version must be EC_v1.") }
        guard let data = token["data"]?.stringValue, token["signature"]?.stringValue != nil else {
            throw Self.invalid("The token must have the strings data and signature.")
        }
        guard case .object(let header)? = token["header"], let transactionId = header["transactionId"]?.stringValue
        else {
            throw Self.invalid("The token must have a header object with a transactionId.")
        }
        self.data = data
        self.transactionId = transactionId
    }

    private static func invalid(_ description: String) -> SandboxProblem {
        SandboxProblem.inputError(
            "The Apple Pay payment payload is invalid.", problems: [("paymentPayload", description)])
    }
}
#endif
