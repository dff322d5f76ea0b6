import Foundation
import Hummingbird
import ServerSupport
import SwedbankPaySDK

/// `GET /payers/{payerReference}/paymentTokens` and `PATCH /payers/{payerReference}/paymentTokens/{token}`
/// (delete). The reference names a payer of the caller's own (`PayerBinding.swift`): the routes
/// read the tokens of the Swedbank Pay payer it is bound to, and a reference the caller never made
/// an order for is a payer without tokens — the same answers whether or not another user uses it.
struct PayerTokenRoutes {
    let services: BackendServices

    func register(app: RouterGroup<BackendRequestContext>) {
        app.get("/payers/:payerReference/paymentTokens") { _, context in
            let user = try context.requireUser()
            let reference = try Self.payerReference(context)
            var tokens: [SwedbankPaySDK.JSONObject] = []
            if let bound = try await services.pspPayer(reference, user: user) {
                tokens = Self.tokens(in: try await services.payerTokens(bound))
            }
            return BackendResponse.json(.object(try Self.listing(payerReference: reference, tokens: tokens)))
        }
        app.patch("/payers/:payerReference/paymentTokens/:token") { request, context in
            let user = try context.requireUser()
            let reference = try Self.payerReference(context)
            let token = try Self.token(context)
            let body = try await services.body.appObject(request, context: context)
            let comment = try Self.deletionComment(body)
            // One answer for a payer the caller never used and a token the payer does not have.
            let notFound = BackendProblem.notFound("The payer has no such payment token.")
            guard let bound = try await services.pspPayer(reference, user: user) else { throw notFound }
            let tokens = try await services.payerTokens(bound)
            guard
                let entry = Self.tokens(in: tokens).first(where: {
                    Identifier.same($0["paymentToken"]?.stringValue ?? "", token)
                })
            else { throw notFound }
            let operations = entry["operations"]?.arrayValue ?? []
            guard
                let href = operations.lazy.compactMap(\.objectValue).first(where: {
                    $0["rel"]?.stringValue == PayerTokenRel.deletePaymentTokens.rawValue
                })?["href"]?.stringValue
            else {
                throw BackendProblem.notFound("Delete operation missing.")
            }
            // Awaited, unlike the example backend: the app hears of a failed deletion.
            _ = try await services.swedbankPay.send(
                .PATCH, href, body: .object(["state": .string("Deleted"), "comment": .string(comment)]))
            return BackendResponse.json(.object([:]))
        }
    }

    static func tokens(in answer: SwedbankPaySDK.JSONObject) -> [SwedbankPaySDK.JSONObject] {
        (answer["payerOwnedPaymentTokens"]?.objectValue?["paymentTokens"]?.arrayValue ?? []).compactMap(\.objectValue)
    }

    /// The answer to a listing: `payerOwnedPaymentTokens` with the app's reference (never the
    /// Swedbank Pay reference it is bound to) and the backend's own path as its `id`, and each of
    /// Swedbank Pay's tokens with `mobileSDK.delete`, the backend's delete link. A payer without
    /// tokens gets `paymentTokens: []` (the example backend failed there), the same whether or not
    /// the caller ever used the reference.
    static func listing(
        payerReference: String, tokens: [SwedbankPaySDK.JSONObject]
    ) throws(BackendProblem) -> SwedbankPaySDK.JSONObject {
        let payer = try PathSegment.encode(payerReference)
        let linked = try tokens.map { item throws(BackendProblem) -> SwedbankPaySDK.JSONValue in
            guard let value = item["paymentToken"]?.stringValue else { return .object(item) }
            var token = item
            var mobileSDK = token["mobileSDK"]?.objectValue ?? [:]
            mobileSDK["delete"] = .string("/payers/\(payer)/paymentTokens/\(try PathSegment.encode(value))")
            token["mobileSDK"] = .object(mobileSDK)
            return .object(token)
        }
        return [
            "payerOwnedPaymentTokens": .object([
                "id": .string("/payers/\(payer)/paymentTokens"), "payerReference": .string(payerReference),
                "paymentTokens": .array(linked),
            ])
        ]
    }

    /// `{"state": "Deleted", "comment": "..."}` → the comment. `status` (the OpenAPI document's
    /// spelling) is accepted too.
    static func deletionComment(_ body: SwedbankPaySDK.JSONObject) throws(BackendProblem) -> String {
        var problems = FieldProblems()
        let key = body["state"] == nil && body["status"] != nil ? "status" : "state"
        if let state = problems.string(body, key, at: ""), !ContractLimits.tokenStates.contains(state) {
            problems.add(key, "Must be Deleted.")
        }
        let comment = problems.string(body, "comment", at: "", required: false, maxLength: ContractLimits.tokenComment)
        try problems.throwIfAny("The token deletion is invalid.")
        return comment ?? ""
    }

    /// The path's payer reference, which must be an ``Identifier`` of its kind.
    static func payerReference(_ context: BackendRequestContext) throws -> String {
        try identifier(context, "payerReference", named: "payerReference", kind: .payerReference)
    }

    /// The path's payment token, which must be an ``Identifier`` of its kind.
    static func token(_ context: BackendRequestContext) throws -> String {
        try identifier(context, "token", named: "paymentToken", kind: .paymentToken)
    }

    /// The path parameter `parameter`, percent-decoded byte by byte; a 400 problem naming it
    /// `name` (the contract's name) unless it is a `kind` identifier.
    private static func identifier(
        _ context: BackendRequestContext, _ parameter: String, named name: String, kind: Identifier.Kind
    ) throws -> String {
        let raw = try context.parameters.require(parameter)
        guard let text = Identifier.fromPathSegment(raw[...], as: kind) else {
            throw BackendProblem.badRequest("The \(name) must be \(kind.rule).", problems: [(name, "Invalid.")])
        }
        return text
    }
}
