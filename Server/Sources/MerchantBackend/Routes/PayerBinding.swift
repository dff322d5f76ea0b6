import Foundation
import ServerSupport
import SwedbankPaySDK

/// How a payer reference an app sends is bound to its user. A payer reference names a payer at
/// Swedbank Pay, and with it come the payer's saved cards: the payment menu of an order with that
/// reference offers them, and the token routes list and delete them. So the app's reference is
/// never sent to Swedbank Pay. It names a payer within its user only: the first order of a user
/// for a reference binds it to a Swedbank Pay payer reference of the backend's own (32 random hex
/// digits), kept in `payer_references`, and every later use by that user means that payer.
///
/// So no spelling reaches another user's payer, whatever Swedbank Pay compares: it only ever sees
/// references the backend made. A user cannot lock another out by naming their reference first,
/// and no answer tells whether another user uses a reference: every reference of every user
/// exists, most of them without cards. The app's reference must still be an ``Identifier`` of
/// kind `payerReference` (ASCII letters, digits, `-`, `_`; 1–50), so one reference has one
/// spelling, and two users' references that differ only in ways a looser comparison ignores
/// stay two payers.
extension BackendServices {
    /// The Swedbank Pay payer reference for the order's payer (nil without one), bound now if
    /// `user` never named it. With a `paymentToken` (only where the merchant allows tokens), the
    /// token must be one of that payer's — a payer new to the user has none, so nothing is bound
    /// and nothing asked. Runs before anything of the order is written.
    func bindPayer(of order: SwedbankPaySDK.PaymentOrder, user: String) async throws -> String? {
        let reference = order.payer?.payerReference
        guard let token = order.paymentToken else {
            guard let reference else { return nil }
            do {
                return try await store.bindPayerReference(
                    user: user, payerReference: reference, candidate: Self.newPSPPayerReference(),
                    now: clock.milliseconds)
            } catch {
                throw BackendProblem.internalError()
            }
        }
        guard let reference else {
            throw BackendProblem.forbidden(
                "A paymentToken is accepted only with the payer's payerReference.",
                problems: [("paymentorder.payer.payerReference", "Required with paymentToken.")])
        }
        guard let bound = try await pspPayer(reference, user: user),
            PayerTokenRoutes.tokens(in: try await payerTokens(bound)).contains(where: {
                Identifier.same($0["paymentToken"]?.stringValue ?? "", token)
            })
        else {
            throw BackendProblem.forbidden(
                "The paymentToken is not one of this payer's.",
                problems: [("paymentorder.paymentToken", "Not a token of the payer.")])
        }
        return bound
    }

    /// The Swedbank Pay payer reference `user`'s `reference` stands for; nil when the user never
    /// made an order for it (a payer without cards).
    func pspPayer(_ reference: String, user: String) async throws -> String? {
        do {
            return try await store.pspPayerReference(user: user, payerReference: reference)
        } catch {
            throw BackendProblem.internalError()
        }
    }

    /// Swedbank Pay's list of the saved tokens of the payer `pspReference` (a reference the
    /// backend made).
    func payerTokens(_ pspReference: String) async throws(BackendProblem) -> SwedbankPaySDK.JSONObject {
        let path = "/psp/paymentorders/payerownedpaymenttokens/" + (try PathSegment.encode(pspReference))
        return try await swedbankPay.send(.GET, swedbankPay.url(path)).object
    }

    /// A new Swedbank Pay payer reference: 128 random bits as 32 lower-case hex digits, which
    /// carry nothing of the user or of what the app sent (Swedbank Pay asks that personal data
    /// never be sent as a payer reference) and which no comparison confuses with another.
    static func newPSPPayerReference() -> String {
        var generator = SystemRandomNumberGenerator()
        return FastIDs.hex(generator.next(), generator.next())
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
