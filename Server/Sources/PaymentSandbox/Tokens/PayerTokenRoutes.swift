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
        merchant.addRoutes(tokenRoutes, atPath: "/psp/paymentorders")
    }

    /// The token collections, by path under `/psp/paymentorders`.
    private var tokenRoutes: RouteCollection<SandboxRequestContext> {
        let routes = RouteCollection(context: SandboxRequestContext.self)
        // The portal spells these paths in camel case (`payerOwnedPaymentTokens`, the link of
        // `delete-payerownedtokens`) and in lower case (its PATCH examples): both are served.
        for collection in ["payerownedpaymenttokens", "payerOwnedPaymentTokens"] {
            routes.get(RouterPath("\(collection)/:payerReference"), use: legacyTokens)
        }
        for collection in ["payerownedtokens", "payerOwnedTokens"] {
            routes.get(RouterPath("\(collection)/:payerReference"), use: currentTokens)
        }
        for collection in [
            "payerownedtokens", "payerOwnedTokens", "payerownedpaymenttokens", "payerOwnedPaymentTokens",
        ] {
            routes.patch(RouterPath("\(collection)/:payerReference"), use: deleteAllTokens)
        }
        // The portal spells the collections in camel case; both spellings are served.
        for collection in ["paymenttokens", "paymentTokens"] {
            routes.patch(RouterPath("\(collection)/:token"), use: deletePaymentToken)
        }
        for collection in ["recurrenceTokens", "recurrencetokens"] {
            routes.patch(RouterPath("\(collection)/:token"), use: deleteRecurrenceToken)
        }
        for collection in ["unscheduledTokens", "unscheduledtokens"] {
            routes.patch(RouterPath("\(collection)/:token"), use: deleteUnscheduledToken)
        }
        return routes
    }

    func reset() async {}

    // MARK: - The handlers

    /// A payer's tokens in the legacy shape (`payerOwnedPaymentTokens`).
    private func legacyTokens(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let reference = try Self.payerReference(context)
        let tokens = await services.store.tokens(payerReference: reference)
        return JSONResponse.make(
            SwedbankPaySDK.JSONValue.object(
                PayerTokenDocument.legacy(payerReference: reference, tokens: tokens, base: services.urls(for: request)))
        )
    }

    /// A payer's tokens in the current shape (`payerOwnedTokens`).
    private func currentTokens(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let reference = try Self.payerReference(context)
        let tokens = await services.store.tokens(payerReference: reference)
        return JSONResponse.make(
            SwedbankPaySDK.JSONValue.object(
                PayerTokenDocument.current(payerReference: reference, tokens: tokens, base: services.urls(for: request))
            ))
    }

    /// Deletes every token of the payer; answers with the tokens removed.
    private func deleteAllTokens(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let reference = try Self.payerReference(context)
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

    /// Deletes one payment token (and the issued token of the same value, if any).
    private func deletePaymentToken(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let token = try context.parameters.require("token")
        let comment = try await Self.deletion(request, limit: services.configuration.maxRequestBodyBytes)
        _ = await services.store.deleteIssued(token, type: .payment)
        guard let deleted = await services.store.deleteToken(token, comment: comment) else {
            throw SandboxProblem.notFound("No payment token \(token).")
        }
        return JSONResponse.make(SwedbankPaySDK.JSONValue.object(PayerTokenDocument.deleted(deleted)))
    }

    private func deleteRecurrenceToken(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await deleteIssued(.recurrence, request, context)
    }

    private func deleteUnscheduledToken(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await deleteIssued(.unscheduled, request, context)
    }

    /// Deletes a recurrence or unscheduled token.
    private func deleteIssued(_ type: PaymentTokenType, _ request: Request, _ context: SandboxRequestContext)
        async throws -> Response
    {
        let token = try context.parameters.require("token")
        _ = try await Self.deletion(request, limit: services.configuration.maxRequestBodyBytes)
        guard let deleted = await services.store.deleteIssued(token, type: type) else {
            throw SandboxProblem.notFound("No \(type) token \(token).")
        }
        return JSONResponse.make(SwedbankPaySDK.JSONValue.object(PayerTokenDocument.deleted(issued: deleted)))
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
