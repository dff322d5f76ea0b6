import Foundation
import SwedbankPaySDK

/// Who may use a payer reference. A payer reference names a payer at Swedbank Pay, and with it
/// come the payer's saved cards: the payment menu of an order with that reference offers them, and
/// the token routes list and delete them. So a reference belongs to one user of this backend, the
/// first one who used it, and nobody else may name it — not in an order, not in the token routes.
/// What the app sends never makes a reference anyone's.
extension BackendServices {
    /// Pins the order's payer reference (if any) to `user`, or refuses the order because another
    /// user holds it; with a `paymentToken` (only where the merchant allows tokens), the token must
    /// be one of that payer's. Runs before anything of the order is written.
    func authorizePayer(of order: SwedbankPaySDK.PaymentOrder, user: String) async throws {
        let reference = order.payer?.payerReference
        if let reference {
            let owner: String
            do {
                owner = try await store.claimPayer(reference, user: user, now: clock.milliseconds)
            } catch {
                throw BackendProblem.internalError()
            }
            guard owner == user else {
                throw BackendProblem.forbidden(
                    "The payer reference belongs to another user of this backend.",
                    problems: [("paymentorder.payer.payerReference", "Belongs to another user.")])
            }
        }
        guard let token = order.paymentToken else { return }
        guard let reference else {
            throw BackendProblem.forbidden(
                "A paymentToken is accepted only with the payer's payerReference.",
                problems: [("paymentorder.payer.payerReference", "Required with paymentToken.")])
        }
        let listed = PayerTokenRoutes.tokens(in: try await payerTokens(reference)).contains {
            $0["paymentToken"]?.stringValue == token
        }
        guard listed else {
            throw BackendProblem.forbidden(
                "The paymentToken is not one of this payer's.",
                problems: [("paymentorder.paymentToken", "Not a token of the payer.")])
        }
    }

    /// 404 unless `reference` is pinned to `user` — the same answer as for a payer that does not
    /// exist, so the routes do not tell which references other users hold.
    func requireOwnPayer(_ reference: String, user: String) async throws {
        guard try await store.userOwnsPayer(reference, user: user) else {
            throw BackendProblem.notFound("No payer \(reference) of this user.")
        }
    }

    /// Swedbank Pay's list of the payer's saved tokens.
    func payerTokens(_ reference: String) async throws(BackendProblem) -> SwedbankPaySDK.JSONObject {
        let path = "/psp/paymentorders/payerownedpaymenttokens/" + (try PathSegment.encode(reference))
        return try await swedbankPay.send(.GET, swedbankPay.url(path)).object
    }
}

/// One user-supplied path segment of a URL the backend builds for Swedbank Pay.
enum PathSegment {
    /// Percent-encodes everything but letters, digits, `-`, `_` and `~` — dots too, so no
    /// segment can be read as `.` or `..` by anything that normalizes paths — and refuses the
    /// dot segments themselves and the empty segment outright.
    static func encode(_ text: String) throws(BackendProblem) -> String {
        guard !text.isEmpty, text != ".", text != ".." else {
            throw .badRequest("A path segment must not be empty, . or ..")
        }
        guard let encoded = text.addingPercentEncoding(withAllowedCharacters: allowed) else {
            throw .badRequest("A path segment must be valid text.")
        }
        return encoded
    }

    private static let allowed: CharacterSet = {
        var set = CharacterSet()
        set.insert(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_~")
        return set
    }()
}
