import Foundation
import Hummingbird
import SwedbankPaySDK

/// `GET /payers/{payerReference}/paymentTokens` and `PATCH /payers/{payerReference}/paymentTokens/{token}`
/// (delete). A payer's tokens are the caller's when the payer reference is pinned to the caller
/// (see `PayerOwnership.swift`); anyone else gets 404, as if the payer did not exist.
struct PayerTokenRoutes {
    let services: BackendServices

    func register(app: RouterGroup<BackendRequestContext>) {
        app.get("/payers/:payerReference/paymentTokens") { _, context in
            let user = try context.requireUser()
            let reference = try Self.payerReference(context)
            try await services.requireOwnPayer(reference, user: user)
            var answer = try await services.payerTokens(reference)
            try Self.addDeleteLinks(&answer, payerReference: reference)
            return BackendResponse.json(.object(answer))
        }
        app.patch("/payers/:payerReference/paymentTokens/:token") { request, context in
            let user = try context.requireUser()
            let reference = try Self.payerReference(context)
            let token = try context.parameters.require("token")
            let body = try await services.body.object(request)
            let comment = try Self.deletionComment(body)
            try await services.requireOwnPayer(reference, user: user)
            let tokens = try await services.payerTokens(reference)
            guard let entry = Self.tokens(in: tokens).first(where: { $0["paymentToken"]?.stringValue == token }) else {
                throw BackendProblem.notFound("No payment token \(token) of payer \(reference).")
            }
            let operations = entry["operations"]?.arrayValue ?? []
            guard
                let href = operations.lazy.compactMap(\.objectValue).first(where: {
                    $0["rel"]?.stringValue == "delete-paymenttokens"
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

    /// Adds `mobileSDK.delete` (the backend's delete link) to every token; a listing without
    /// tokens stays valid (`paymentTokens: []`) instead of failing as the example backend did.
    static func addDeleteLinks(
        _ answer: inout SwedbankPaySDK.JSONObject, payerReference: String
    ) throws(BackendProblem) {
        guard var owned = answer["payerOwnedPaymentTokens"]?.objectValue else { return }
        let payer = try PathSegment.encode(payerReference)
        let tokens = try (owned["paymentTokens"]?.arrayValue ?? []).map {
            item throws(BackendProblem) -> SwedbankPaySDK.JSONValue in
            guard var token = item.objectValue, let value = token["paymentToken"]?.stringValue else { return item }
            var mobileSDK = token["mobileSDK"]?.objectValue ?? [:]
            mobileSDK["delete"] = .string("/payers/\(payer)/paymentTokens/\(try PathSegment.encode(value))")
            token["mobileSDK"] = .object(mobileSDK)
            return .object(token)
        }
        owned["paymentTokens"] = .array(tokens)
        answer["payerOwnedPaymentTokens"] = .object(owned)
    }

    /// `{"state": "Deleted", "comment": "..."}` → the comment. `status` (the OpenAPI document's
    /// spelling) is accepted too.
    static func deletionComment(_ body: SwedbankPaySDK.JSONObject) throws(BackendProblem) -> String {
        var problems = FieldProblems()
        let key = body["state"] == nil && body["status"] != nil ? "status" : "state"
        if let state = problems.string(body, key, at: ""), state != "Deleted" {
            problems.add(key, "Must be Deleted.")
        }
        let comment = problems.string(body, "comment", at: "", required: false, maxLength: 512)
        try problems.throwIfAny("The token deletion is invalid.")
        return comment ?? ""
    }

    static func payerReference(_ context: BackendRequestContext) throws -> String {
        let raw = try context.parameters.require("payerReference")
        let reference = raw.removingPercentEncoding ?? raw
        guard !reference.isEmpty, reference.count <= 128, reference != ".", reference != ".." else {
            throw BackendProblem.badRequest(
                "The payer reference must be 1 to 128 characters and not . or ..",
                problems: [("payerReference", "Invalid.")])
        }
        return reference
    }
}
