#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import SwedbankPaySDK

/// The checkin view's frame (`GET /consumers/frame/<token>`) and its call
/// (`POST /consumers/frame/<token>/identify` with `{"email", "msisdn"}`), which identifies the
/// consumer session in the store and answers the `consumerProfileRef` and the details URLs.
struct CheckinRoutes: Sendable {
    let services: SandboxServices

    func register(open: Router<SandboxRequestContext>) {
        open.get("/consumers/frame/:token", use: checkinPage)
        open.post("/consumers/frame/:token/identify", use: identifyConsumer)
    }

    private func checkinPage(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await page(request, token: context.parameters.require("token"))
    }

    private func identifyConsumer(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await identify(request, token: context.parameters.require("token"))
    }

    private func page(_ request: Request, token: String) async throws -> Response {
        guard let session = await services.store.consumer(token: token) else {
            return HostedViewRoutes.page(
                SandboxPageStyle.head(title: "Checkin (sandbox)")
                    + "<body><main><h1>Checkin not found</h1><p role=\"alert\">No consumer session has this token, or it has expired.</p></main></body></html>",
                status: 404)
        }
        let base = services.urls(for: request)
        let boot: SwedbankPaySDK.JSONValue = .object([
            "token": .string(token), "channel": .string(HostedViewClientScript.channel),
            "parentOrigin": HostedViewRoutes.parentOrigin(request).map { .string($0) } ?? .null,
            "api": .string(base.url("/consumers/frame/\(token)")),
            "identified": session.consumerProfileRef.map { Self.identified(session, ref: $0) } ?? .null,
            "testPerson": .object([
                "email": .string(PayerContact.testPerson.email),
                "msisdn": .string(PayerContact.testPerson.msisdn ?? ""),
            ]),
        ])
        let language = PayerLanguage(
            culture: request.uri.queryParameters.get("culture").map { String($0) } ?? session.language)
        return HostedViewRoutes.page(
            CheckinPage.render(boot: boot, language: language, identified: session.consumerProfileRef != nil))
    }

    private func identify(_ request: Request, token: String) async throws -> Response {
        let body = try await RequestJSON.object(request, limit: services.configuration.maxRequestBodyBytes)
        _ = try PayerContact.parse(
            email: body["email"]?.stringValue, msisdn: body["msisdn"]?.stringValue, requireMsisdn: true)
        guard let session = await services.store.consumer(token: token) else {
            throw SandboxProblem.notFound("No consumer session has the token \(token), or it has expired.")
        }
        // Identifying again keeps the profile: the same payer, the same reference.
        let ref = session.consumerProfileRef ?? services.ids.token()
        guard await services.store.identify(consumerToken: token, consumerProfileRef: ref) else {
            throw SandboxProblem.notFound("No consumer session has the token \(token), or it has expired.")
        }
        return JSONResponse.make(Self.identified(session, ref: ref))
    }

    /// `{"consumerProfileRef", "shippingDetailsUrl", "billingDetailsUrl"}`; no shipping details
    /// when the session does not ask for a shipping address.
    static func identified(_ session: ConsumerSessionRecord, ref: String) -> SwedbankPaySDK.JSONValue {
        .object([
            "consumerProfileRef": .string(ref),
            "shippingDetailsUrl": session.requireShippingAddress
                ? .string("/psp/consumers/\(ref)/shipping-details") : .null,
            "billingDetailsUrl": .string("/psp/consumers/\(ref)/billing-details"),
        ])
    }
}
#endif
