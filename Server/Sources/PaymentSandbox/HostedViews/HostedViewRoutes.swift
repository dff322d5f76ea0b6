#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import ServerSupport
import SwedbankPaySDK

/// The hosted views: the scripts at the `view-checkout`, `view-paymentorder` and
/// `view-consumer-identification` hrefs, the payment menu and checkin pages they frame, the
/// menu's payment endpoints (``HostedViewPaymentRoutes``), the checkin endpoint
/// (``CheckinRoutes``), the Redirect pages (``RedirectRoutes``), and the dashboard (`GET /sandbox/`, `GET /sandbox/attempts`). All on the
/// open router: browsers call them without the merchant's token.
struct HostedViewRoutes: SandboxModule {
    let services: SandboxServices
    let service: HostedViewService

    init(services: SandboxServices) {
        self.services = services
        service = HostedViewService(services: services)
    }

    func register(merchant: RouterGroup<SandboxRequestContext>, open: Router<SandboxRequestContext>) {
        open.addRoutes(pageRoutes)
        open.controlGroup(services.configuration).get("/sandbox/attempts", use: attempts)
        HostedViewPaymentRoutes(service: service).register(open: open)
        RedirectRoutes(routes: self).register(open: open)
        CheckinRoutes(services: services).register(open: open)
    }

    /// The scripts, the menu page and the dashboard: open to any browser.
    private var pageRoutes: RouteCollection<SandboxRequestContext> {
        let routes = RouteCollection(context: SandboxRequestContext.self)
        routes.get("/checkout/client/:viewToken", use: checkoutClientScript)
        routes.get("/paymentmenu/core/scripts/client/px.paymentmenu.client.js", use: paymentMenuClientScript)
        routes.get("/consumers/core/scripts/client/px.consumer.client.js", use: consumerClientScript)
        routes.get("/checkout/frame/:viewToken", use: menuPage)
        routes.get("/sandbox", use: dashboard)
        return routes
    }

    // MARK: - The handlers

    private func checkoutClientScript(_ request: Request, context: SandboxRequestContext) async -> Response {
        await checkoutScript(request, viewToken: context.parameters.get("viewToken") ?? "", kind: .checkout)
    }

    private func paymentMenuClientScript(_ request: Request, context: SandboxRequestContext) async -> Response {
        await checkoutScript(request, viewToken: request.uri.queryParameters.get("token") ?? "", kind: .paymentMenu)
    }

    private func consumerClientScript(_ request: Request, context: SandboxRequestContext) async -> Response {
        await consumerScript(request, token: request.uri.queryParameters.get("token") ?? "")
    }

    private func menuPage(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await menuPage(request, viewToken: context.parameters.require("viewToken"))
    }

    /// `GET /sandbox/`: a top-level page, framed by nobody.
    private func dashboard(_ request: Request, context: SandboxRequestContext) async -> Response {
        PageFraming.nobody.apply(to: Self.page(DashboardPage.html))
    }

    /// `GET /sandbox/attempts`, behind the control API's access rule.
    private func attempts(_ request: Request, context: SandboxRequestContext) async -> Response {
        let orders = await services.store.allOrders()
        return JSONResponse.make(
            SwedbankPaySDK.JSONValue.object(["attempts": .array(AttemptListing.attempts(of: orders))]))
    }

    func reset() async {
        await service.reset()
    }

    func accounts() async -> [StoreAccount] {
        [await service.states.account()]
    }

    /// An HTML page that must not be cached (it shows state) nor sniffed.
    static func page(_ html: String, status: Int = 200) -> Response {
        var response = JSONResponse.html(html, status: status)
        response.headers[.cacheControl] = "no-store"
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }

    /// A script built from the request: no caching, so a re-opened view sees a new order state.
    static func script(_ text: String) -> Response {
        var response = JSONResponse.javascript(text)
        response.headers[.cacheControl] = "no-store"
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }

    /// The culture of `?culture=` when it is one of the supported ones, else `fallback`.
    static func culture(_ request: Request, fallback: String) -> String {
        let asked = request.uri.queryParameters.get("culture") ?? ""
        return SwedbankPaySDK.Culture(rawValue: asked)?.rawValue ?? fallback
    }

    /// The origin the browser sees the sandbox at.
    static func origin(_ base: PublicURL) -> String {
        URL(string: base.base).flatMap(PaymentMenuModel.origin) ?? base.base
    }

    /// `?origin=` of a frame: an http(s) origin or `null` (a page without a base URL), else nil
    /// (and the frame then posts nothing).
    static func parentOrigin(_ request: Request) -> String? {
        guard let value = request.uri.queryParameters.get("origin") else { return nil }
        let origin = String(value)
        if origin == "null" { return origin }
        let pattern = #"^https?://([A-Za-z0-9.\-]+|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?$"#
        guard origin.count <= 300, origin.range(of: pattern, options: .regularExpression) != nil else { return nil }
        return origin
    }

    private func checkoutScript(_ request: Request, viewToken: String, kind: HostedViewKind) async -> Response {
        let base = services.urls(for: request)
        let order = await services.store.order(viewToken: viewToken)
        let known = order.map { $0.isV3 == (kind == .checkout) } ?? false
        let boot = HostedViewClientScript.Boot(
            kind: kind, token: viewToken, frameUrl: known ? base.url("/checkout/frame/\(viewToken)") : nil,
            origin: Self.origin(base),
            culture: Self.culture(request, fallback: order?.order.culture.rawValue ?? "en-US"),
            paymentOrderId: known ? order?.path : nil,
            error: known
                ? nil
                : order == nil
                    ? "No payment order has the view token \(viewToken), or it has expired."
                    : "The view token belongs to a Checkout \(kind == .checkout ? "v2" : "v3") payment order; use its own view href.",
            hostOrigins: known ? (order?.order.urls.hostUrls ?? []).compactMap(PaymentMenuModel.origin) : []
        )
        return Self.script(HostedViewClientScript.render(boot))
    }

    private func consumerScript(_ request: Request, token: String) async -> Response {
        let base = services.urls(for: request)
        let session = await services.store.consumer(token: token)
        let boot = HostedViewClientScript.Boot(
            kind: .consumer, token: token, frameUrl: session == nil ? nil : base.url("/consumers/frame/\(token)"),
            origin: Self.origin(base), culture: Self.culture(request, fallback: session?.language ?? "en-US"),
            paymentOrderId: nil,
            error: session == nil ? "No consumer session has the token \(token), or it has expired." : nil)
        return Self.script(HostedViewClientScript.render(boot))
    }

    private func menuPage(_ request: Request, viewToken: String) async throws -> Response {
        let base = services.urls(for: request)
        let opened: (result: HostedViewOutcome, payment: HostedViewPayment)
        do {
            let culture = request.uri.queryParameters.get("culture").map { PayerLanguage(culture: String($0)) }
            opened = try await service.perform(viewToken: viewToken, readFirst: true) { $0.opened(culture: culture) }
        } catch let problem as SandboxProblem where problem.status == 404 {
            return Self.notFound(problem)
        }
        let payment = opened.payment
        let kind: HostedViewKind =
            request.uri.queryParameters.get("kind") == "paymentMenu" || !payment.order.isV3
            ? .paymentMenu : .checkout
        // The Seamless View's frame: embeddable by the order's hostUrls only.
        return PageFraming.hostUrls(payment.order.order.urls.hostUrls).apply(
            to: Self.page(
                menu(
                    opened, base: base, kind: kind, parentOrigin: Self.parentOrigin(request),
                    // The merchant's page subscribed to onPaymentButtonPressed: every Pay waits for resume().
                    confirmPayments: request.uri.queryParameters.get("confirm") == "1")))
    }

    /// The payment menu page of an opened view: the Seamless View's frame (with the parent's
    /// origin) or the Redirect page (without one), the same page and script either way.
    func menu(
        _ opened: (result: HostedViewOutcome, payment: HostedViewPayment), base: PublicURL, kind: HostedViewKind,
        parentOrigin: String?, confirmPayments: Bool = false
    ) -> String {
        let (result, payment) = opened
        let viewToken = payment.order.viewToken
        let model = PaymentMenuModel(
            order: payment.order, storedTokens: payment.context.storedTokens, state: payment.state)
        let boot: SwedbankPaySDK.JSONValue = .object([
            "token": .string(viewToken), "channel": .string(HostedViewClientScript.channel),
            "parentOrigin": parentOrigin.map { .string($0) } ?? .null,
            "integration": .string(payment.state.integration.rawValue),
            "api": .string(base.url("/checkout/frame/\(viewToken)")),
            "initial": result.json(links: service.links(payment.order, base: base)),
            "completeUrl": .string(model.completeUrl), "cancelUrl": model.cancelUrl.map { .string($0) } ?? .null,
            "errorOrigin": .string(kind.errorOrigin), "hostOrigins": .array(model.hostOrigins.map { .string($0) }),
            "kind": .string(kind.rawValue), "confirmPayments": .bool(confirmPayments),
            "storedCardsInfoUrl": .string(base.url("/checkout/about/stored-cards")),
            "bankInstrument": .string(SandboxInstrument.trustly.rawValue),
            "cardInstrument": .string(SandboxInstrument.creditCard.rawValue),
            "swishInstrument": .string(SandboxInstrument.swish.rawValue),
            "testPerson": .object([
                "email": .string(PayerContact.testPerson.email),
                "msisdn": .string(PayerContact.testPerson.msisdn ?? ""),
            ]),
        ])
        var shown = model
        shown.language = payment.language
        return PaymentMenuPage.render(shown, boot: boot)
    }

    /// The page for a view token no order has (never had, or expired and forgotten).
    static func notFound(_ problem: SandboxProblem) -> Response {
        page(
            NoticePage.render(
                title: "Payment menu (sandbox)", heading: PayerWords.english.notFoundHeading,
                text: problem.detail ?? ""),
            status: 404)
    }
}
#endif
