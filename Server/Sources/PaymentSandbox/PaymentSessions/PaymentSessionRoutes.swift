#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import ServerSupport
import SwedbankPaySDK

/// The payment session API the native SDKs speak (`/psp/paymentsessions/<token>/...`) and the
/// simulators around it (Swish app, 3-D Secure ACS, event and session lists). Everything is on the
/// open router: the session token in the path is the credential.
struct PaymentSessionRoutes: SandboxModule {
    let service: PaymentSessionService

    init(services: SandboxServices) {
        service = PaymentSessionService(services: services)
    }

    func register(merchant: RouterGroup<SandboxRequestContext>, open: Router<SandboxRequestContext>) {
        open.addRoutes(sessionRoutes, atPath: "/psp/paymentsessions/:token")
        SimulatorRoutes(service: service).register(open: open)
    }

    /// The session's operations, by path under the session; each handler named for its operation.
    private var sessionRoutes: RouteCollection<SandboxRequestContext> {
        let routes = RouteCollection(context: SandboxRequestContext.self)
        routes.get(use: getPayment)
        routes.post("prepare", use: preparePayment)
        routes.post("methods/:method/expand", use: expandMethod)
        routes.post("methods/:method/attempts", use: startPaymentAttempt)
        routes.post("methods/:method/failures", use: failPaymentAttempt)
        routes.post("methods/:method/payload", use: attemptPayload)
        routes.post("sca/create-authentication", use: createAuthentication)
        routes.post("sca/complete-authentication", use: completeAuthentication)
        routes.post("sca/notification", use: notification)
        routes.post("problems/:number/acknowledge", use: acknowledgeFailedAttempt)
        routes.post("abort", use: abortPayment)
        routes.post("customize", use: customizePayment)
        routes.post("events", use: logEvent)
        return routes
    }

    // MARK: - The operations

    private func getPayment(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await perform(request, context) { .getPayment }
    }

    private func preparePayment(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await perform(request, context) { .preparePayment(try await body(request)) }
    }

    private func expandMethod(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await perform(request, context) {
            .expandMethod(paymentMethod: try method(context), body: try await body(request))
        }
    }

    private func startPaymentAttempt(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await perform(request, context) {
            .startPaymentAttempt(paymentMethod: try method(context), body: try await body(request))
        }
    }

    private func failPaymentAttempt(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await perform(request, context) {
            .failPaymentAttempt(paymentMethod: try method(context), body: try await body(request))
        }
    }

    private func attemptPayload(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await perform(request, context) {
            .attemptPayload(paymentMethod: try method(context), body: try await body(request))
        }
    }

    private func createAuthentication(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await perform(request, context) { .createAuthentication(try await body(request)) }
    }

    private func completeAuthentication(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await perform(request, context) { .completeAuthentication(try await body(request)) }
    }

    private func acknowledgeFailedAttempt(_ request: Request, context: SandboxRequestContext) async throws
        -> Response
    {
        guard let number = context.parameters.get("number", as: Int.self) else {
            throw SandboxProblem.notFound("No such problem.")
        }
        return try await perform(request, context) { .acknowledgeFailedAttempt(problemNumber: number) }
    }

    private func abortPayment(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await perform(request, context) { .abortPayment }
    }

    private func customizePayment(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await perform(request, context) { .customizePayment(try await body(request)) }
    }

    func reset() async {
        await service.reset()
    }

    func accounts() async -> [StoreAccount] {
        let events = service.events
        return [
            await service.sessions.account(),
            StoreAccount(
                store: "eventLog", entries: await events.count, bytes: await events.bytes, budget: events.byteBudget),
        ]
    }

    /// Checks the token before reading the body, so an unknown session is a 404 whatever is sent.
    private func perform(
        _ request: Request, _ context: SandboxRequestContext,
        _ makeRequest: () async throws -> PaymentSessionRequest
    ) async throws -> Response {
        let token = try await knownToken(context)
        let transition = try await service.perform(
            try await makeRequest(), token: token, urls: service.services.urls(for: request))
        return service.response(transition)
    }

    private func logEvent(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let token = try await knownToken(context)
        let beacon = try await RequestJSON.object(request, limit: PaymentSessionEvent.maxBodyBytes)
        let transition = try await service.perform(
            .eventLogging, token: token, urls: service.services.urls(for: request))
        if case .noContent = transition.reply {
            await service.events.append(
                PaymentSessionEvent(sessionToken: token, received: service.services.date, beacon: beacon))
        }
        return service.response(transition)
    }

    /// Where the ACS pages end (form posts of `cres` or method results): a page for the web view
    /// while the SDK takes the `cres` from the navigation and continues with the API.
    private func notification(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        _ = try await knownToken(context)
        _ = try await RequestJSON.bytes(request, limit: service.services.configuration.maxRequestBodyBytes)
        return JSONResponse.html(ThreeDSecurePages.notification)
    }

    private func body(_ request: Request) async throws -> SwedbankPaySDK.JSONObject {
        try await RequestJSON.object(request, limit: service.services.configuration.maxRequestBodyBytes)
    }

    /// The path's session token; a 404 problem unless a payment order has it. A token has the form
    /// the sandbox issues (``Identifier/Kind/hexToken``) or names no session, before any store is
    /// asked — as the order ids and view tokens are.
    private func knownToken(_ context: SandboxRequestContext) async throws -> String {
        guard let token = context.parameters.get("token"), Identifier.accepts(token, as: .hexToken),
            await service.services.store.order(sessionToken: token) != nil
        else {
            throw SandboxProblem.notFound("There is no payment session \(context.parameters.get("token") ?? "").")
        }
        return token
    }

    private func method(_ context: SandboxRequestContext) throws -> String {
        guard let method = context.parameters.get("method") else { throw SandboxProblem.notFound("No method.") }
        return method
    }
}
#endif
