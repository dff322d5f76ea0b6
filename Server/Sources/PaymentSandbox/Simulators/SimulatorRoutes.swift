#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import SwedbankPaySDK

/// The payer's side of native payments, simulated on the open router:
/// - `POST /sandbox/swish-app`: the Swish app opened with the SDK's `swish://` URL answers it;
/// - `POST /sandbox/swish/<swishToken>/approve|decline`: the payer answers on any device;
/// - `POST /sandbox/acs/method`, `POST /sandbox/acs/challenge`: the 3-D Secure ACS pages;
/// - `GET /sandbox/events`, `GET /sandbox/sessions`: what the SDK logged, and the sessions.
///
/// The Swish answers and the listings are control routes (``ControlAccessMiddleware``): programs
/// call them, and a web page must not approve a payment. The ACS pages are not: browsers post
/// forms to them during a payment.
struct SimulatorRoutes: Sendable {
    let service: PaymentSessionService

    func register(open: Router<SandboxRequestContext>) {
        open.controlGroup(service.services.configuration).addRoutes(controlRoutes, atPath: "/sandbox")
        open.addRoutes(acsRoutes, atPath: "/sandbox/acs")
    }

    /// The Swish app simulator and the lists, behind the control API's access rule.
    private var controlRoutes: RouteCollection<SandboxRequestContext> {
        let routes = RouteCollection(context: SandboxRequestContext.self)
        routes.post("swish-app", use: swishApp)
        routes.post("swish/:swishToken/approve", use: approveSwish)
        routes.post("swish/:swishToken/decline", use: declineSwish)
        routes.get("events", use: eventList)
        routes.get("sessions", use: sessionList)
        return routes
    }

    /// The 3-D Secure ACS pages: the browser posts to them, as to a real ACS.
    private var acsRoutes: RouteCollection<SandboxRequestContext> {
        let routes = RouteCollection(context: SandboxRequestContext.self)
        routes.post("method", use: acsMethod)
        routes.post("challenge", use: acsChallenge)
        return routes
    }

    private func approveSwish(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await answerSwish(request, context, approved: true)
    }

    private func declineSwish(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await answerSwish(request, context, approved: false)
    }

    /// `{"url": "<swish:// URL with callbackurl>", "action": "approve"|"decline"}` → answers the
    /// payment and returns `{"callbackUrl"}`, the URL the Swish app opens to return to the app.
    private func swishApp(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let body = PaymentSessionBody(try await RequestJSON.object(request, limit: limit))
        let text = try body.requiredString("url")
        guard let url = SwishAppURL(text) else {
            throw PaymentSessionBody.invalid("url", "The field must be a swish://paymentrequest URL with a token.")
        }
        guard let callbackURL = url.callbackURL else {
            throw PaymentSessionBody.invalid(
                "callbackurl", "The URL has no callbackurl: the Swish app would not know where to return.")
        }
        let action = try body.requiredString("action")
        guard action == "approve" || action == "decline" else {
            throw PaymentSessionBody.invalid("action", "The field must be approve or decline.")
        }
        if let problem = try await answer(swishToken: url.swishToken, approved: action == "approve", request) {
            return problem
        }
        return JSONResponse.make(SwedbankPaySDK.JSONValue.object(["callbackUrl": .string(callbackURL)]))
    }

    private func answerSwish(_ request: Request, _ context: SandboxRequestContext, approved: Bool) async throws
        -> Response
    {
        let token = context.parameters.get("swishToken") ?? ""
        return try await answer(swishToken: token, approved: approved, request) ?? JSONResponse.noContent()
    }

    /// The problem response, or nil when the answer was taken.
    private func answer(swishToken: String, approved: Bool, _ request: Request) async throws -> Response? {
        guard let session = await service.sessions.sessionToken(swishToken: swishToken) else {
            throw SandboxProblem.notFound("There is no Swish payment request \(swishToken).")
        }
        let transition = try await service.perform(
            .swishAnswer(swishToken: swishToken, approved: approved), token: session,
            urls: service.services.urls(for: request))
        if case .problem(let problem) = transition.reply { return problem.response() }
        return nil
    }

    /// The hidden method (fingerprint) page: form field `threeDSMethodData`.
    private func acsMethod(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let fields = FormBody.fields(try await RequestJSON.bytes(request, limit: limit))
        guard let data = fields["threeDSMethodData"], let message = ThreeDSecureMessage(encoded: data) else {
            throw PaymentSessionBody.invalid(
                "threeDSMethodData", "The form field must be the task's threeDSMethodData.")
        }
        guard let session = await service.sessions.sessionToken(transactionID: message.threeDSServerTransID) else {
            throw SandboxProblem.notFound("There is no 3-D Secure transaction \(message.threeDSServerTransID).")
        }
        let transition = try await service.perform(
            .threeDSMethodCompleted(serverTransactionID: message.threeDSServerTransID), token: session,
            urls: service.services.urls(for: request))
        if case .problem(let problem) = transition.reply { return problem.response() }
        return JSONResponse.html(ThreeDSecurePages.method)
    }

    /// The challenge page: form field `creq`. Its Approve and Fail forms post the `cres` to the
    /// session's notification URL.
    private func acsChallenge(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let fields = FormBody.fields(try await RequestJSON.bytes(request, limit: limit))
        guard let creq = fields["creq"], let message = ThreeDSecureMessage(encoded: creq), message.messageType == "CReq"
        else {
            throw PaymentSessionBody.invalid("creq", "The form field must be the sca-redirect task's creq.")
        }
        guard let token = await service.sessions.sessionToken(transactionID: message.threeDSServerTransID),
            let order = await service.services.store.order(sessionToken: token),
            let session = await service.sessions.session(token: token)
        else {
            throw SandboxProblem.notFound("There is no 3-D Secure transaction \(message.threeDSServerTransID).")
        }
        guard case .card(let attempt) = session.phase, attempt.step == .awaitingChallenge,
            attempt.transaction.serverTransactionID == message.threeDSServerTransID
        else {
            throw SandboxProblem.conflict("The 3-D Secure transaction does not wait for a challenge.")
        }
        let links = PaymentSessionLinks(urls: service.services.urls(for: request), token: token)
        let language = PayerLanguage(culture: order.order.culture.rawValue)
        return JSONResponse.html(
            ThreeDSecurePages.challenge(
                transaction: attempt.transaction, notificationURL: links.notification,
                sessionData: ThreeDSecureMessage(threeDSServerTransID: attempt.transaction.serverTransactionID).encoded,
                amount: language.money(order.order.amount, currency: order.order.currency), language: language))
    }

    /// `{"events": [...]}`, oldest first; `?paymentSession=<token>` keeps one session's.
    private func eventList(_ request: Request, context: SandboxRequestContext) async -> Response {
        let session = request.uri.queryParameters.get("paymentSession")
        let events = await service.events.all().filter { session == nil || $0.sessionToken == session }
        return JSONResponse.make(SwedbankPaySDK.JSONValue.object(["events": .array(events.map(\.json))]))
    }

    /// `{"paymentSessions": [...]}`, least recently used first.
    private func sessionList(_ request: Request, context: SandboxRequestContext) async -> Response {
        let sessions = await service.sessions.all()
        return JSONResponse.make(SwedbankPaySDK.JSONValue.object(["paymentSessions": .array(sessions.map(\.summary))]))
    }

    private var limit: Int { service.services.configuration.maxRequestBodyBytes }
}
#endif
