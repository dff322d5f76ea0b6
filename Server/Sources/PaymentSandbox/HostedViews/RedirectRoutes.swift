#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import ServerSupport

/// The Redirect integration: `GET /checkout/<token>` (v3 `redirect-checkout`) and
/// `GET /paymentmenu/<token>` (v2 `redirect-paymentorder`) serve the payment menu as the
/// top-level page. It is the Seamless View's page and script with the same payment endpoints and
/// decisions (``HostedViewPayment``); where the Seamless View tells the merchant's page, this
/// page navigates itself: to `completeUrl` when paid, `cancelUrl` when cancelled, the bank page
/// and back. A reload or Back re-opens the payment where it stands; an unknown, expired or used
/// token gets a page that says so (``RedirectEntry``).
struct RedirectRoutes: Sendable {
    let routes: HostedViewRoutes

    func register(open: Router<SandboxRequestContext>) {
        open.get("/checkout/:viewToken", use: checkoutPage)
        open.get("/paymentmenu/:viewToken", use: paymentMenuPage)
    }

    /// The v3 (Checkout) Redirect page.
    private func checkoutPage(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await page(request, viewToken: context.parameters.require("viewToken"), v3: true)
    }

    /// The v2 (Payment Menu) Redirect page.
    private func paymentMenuPage(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await page(request, viewToken: context.parameters.require("viewToken"), v3: false)
    }

    /// Every answer of the Redirect page is a top-level page: nobody frames it (``PageFraming``).
    private func page(_ request: Request, viewToken: String, v3: Bool) async throws -> Response {
        PageFraming.nobody.apply(to: try await unframedPage(request, viewToken: viewToken, v3: v3))
    }

    private func unframedPage(_ request: Request, viewToken: String, v3: Bool) async throws -> Response {
        let base = routes.services.urls(for: request)
        let path = v3 ? "/checkout/\(viewToken)" : "/paymentmenu/\(viewToken)"
        let wrongPath = SandboxProblem.notFound(
            "The payment link belongs to a Checkout \(v3 ? "v2" : "v3") payment order; use its own redirect href.")
        let opened: (result: HostedViewOutcome, payment: HostedViewPayment)
        do {
            // Only an order that can still be paid is opened (and records `Redirect`).
            guard let order = await routes.services.store.order(viewToken: viewToken) else {
                throw HostedViewService.unknown(viewToken)
            }
            switch RedirectEntry.decide(order, v3: v3) {
            case nil:
                throw wrongPath
            case .used(let heading, let text, let link)?:
                return HostedViewRoutes.page(
                    NoticePage.render(
                        title: "Payment (sandbox)", heading: heading, text: text, link: link,
                        language: PayerLanguage(culture: order.order.culture.rawValue)),
                    status: 410)
            case .menu?:
                let page = base.url(path)
                opened = try await routes.service.perform(viewToken: viewToken, readFirst: true) {
                    $0.openedRedirect(page: page)
                }
            }
        } catch let problem as SandboxProblem where problem.status == 404 {
            return HostedViewRoutes.notFound(problem)
        }
        return HostedViewRoutes.page(
            routes.menu(
                opened, base: base, kind: v3 ? .checkout : .paymentMenu, parentOrigin: nil))
    }
}
#endif
