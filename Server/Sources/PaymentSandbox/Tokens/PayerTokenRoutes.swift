#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import Hummingbird
import SwedbankPaySDK

/// The merchant's token API: list a payer's tokens (legacy and current shapes), delete one payment
/// token, delete all of a payer's tokens (answered with the tokens removed), delete a recurrence or
/// unscheduled token.
struct PayerTokenRoutes: SandboxModule {
    let services: SandboxServices

    func register(merchant: RouterGroup<SandboxRequestContext>, open: Router<SandboxRequestContext>) {
        // The portal spells these paths in camel case (`payerOwnedPaymentTokens`, the link of
        // `delete-payerownedtokens`) and in lower case (its PATCH examples): both are served.
        for collection in ["payerownedpaymenttokens", "payerOwnedPaymentTokens"] {
            merchant.get(RouterPath("/psp/paymentorders/\(collection)/:payerReference")) { request, context in
                let reference = try Self.payerReference(context)
                let tokens = await services.store.tokens(payerReference: reference)
                return JSONResponse.make(
                    SwedbankPaySDK.JSONValue.object(
                        PayerTokenDocument.legacy(
                            payerReference: reference, tokens: tokens, base: services.urls(for: request))))
            }
        }
        for collection in ["payerownedtokens", "payerOwnedTokens"] {
            merchant.get(RouterPath("/psp/paymentorders/\(collection)/:payerReference")) { request, context in
                let reference = try Self.payerReference(context)
                return await current(reference, request)
            }
        }
        for collection in [
            "payerownedtokens", "payerOwnedTokens", "payerownedpaymenttokens", "payerOwnedPaymentTokens",
        ] {
            merchant.patch(RouterPath("/psp/paymentorders/\(collection)/:payerReference")) { request, context in
                try await deleteAll(of: Self.payerReference(context), request)
            }
        }
        // The portal spells the collections in camel case; both spellings are served.
        for collection in ["paymenttokens", "paymentTokens"] {
            merchant.patch(RouterPath("/psp/paymentorders/\(collection)/:token")) { request, context in
                let token = try context.parameters.require("token")
                let comment = try await Self.deletion(request, limit: services.configuration.maxRequestBodyBytes)
                _ = await services.store.deleteIssued(token, type: .payment)
                guard let deleted = await services.store.deleteToken(token, comment: comment) else {
                    throw SandboxProblem.notFound("No payment token \(token).")
                }
                return JSONResponse.make(SwedbankPaySDK.JSONValue.object(PayerTokenDocument.deleted(deleted)))
            }
        }
        let issuedCollections: [(PaymentTokenType, [String])] = [
            (.recurrence, ["recurrenceTokens", "recurrencetokens"]),
            (.unscheduled, ["unscheduledTokens", "unscheduledtokens"]),
        ]
        for (type, collections) in issuedCollections {
            for collection in collections {
                merchant.patch(RouterPath("/psp/paymentorders/\(collection)/:token")) { request, context in
                    let token = try context.parameters.require("token")
                    _ = try await Self.deletion(request, limit: services.configuration.maxRequestBodyBytes)
                    guard let deleted = await services.store.deleteIssued(token, type: type) else {
                        throw SandboxProblem.notFound("No \(type) token \(token).")
                    }
                    return JSONResponse.make(
                        SwedbankPaySDK.JSONValue.object(PayerTokenDocument.deleted(issued: deleted)))
                }
            }
        }
    }

    func reset() async {}

    /// Deletes every token of the payer; answers with the tokens removed.
    private func deleteAll(of reference: String, _ request: Request) async throws -> Response {
        let comment = try await Self.deletion(request, limit: services.configuration.maxRequestBodyBytes)
        var removed: [PayerTokenRecord] = []
        for token in await services.store.tokens(payerReference: reference) where !token.deleted {
            if let deleted = await services.store.deleteToken(token.token, comment: comment) {
                removed.append(deleted)
            }
        }
        return JSONResponse.make(
            SwedbankPaySDK.JSONValue.object(
                PayerTokenDocument.removed(
                    payerReference: reference, tokens: removed, base: services.urls(for: request))))
    }

    private func current(_ reference: String, _ request: Request) async -> Response {
        let tokens = await services.store.tokens(payerReference: reference)
        return JSONResponse.make(
            SwedbankPaySDK.JSONValue.object(
                PayerTokenDocument.current(payerReference: reference, tokens: tokens, base: services.urls(for: request))
            ))
    }

    private static func payerReference(_ context: SandboxRequestContext) throws -> String {
        let raw = try context.parameters.require("payerReference")
        return raw.removingPercentEncoding ?? raw
    }

    /// Checks a deletion body, `{"state": "Deleted", "comment": "..."}`; returns the comment.
    static func deletion(_ request: Request, limit: Int) async throws -> String {
        let body = try await RequestJSON.object(request, limit: limit)
        return try validateDeletion(body)
    }

    /// The pure check of a deletion body.
    static func validateDeletion(_ body: SwedbankPaySDK.JSONObject) throws -> String {
        var problems = InputProblems()
        if let state = problems.string(body, "state", at: "", required: true), state != "Deleted" {
            problems.add("state", "The field must be \"Deleted\".")
        }
        let comment = problems.string(body, "comment", at: "", required: true)
        try problems.throwIfAny("The token deletion is invalid.")
        return comment ?? ""
    }
}
#endif
