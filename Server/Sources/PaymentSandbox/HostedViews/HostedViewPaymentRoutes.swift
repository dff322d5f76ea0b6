#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import ServerSupport
import SwedbankPaySDK

/// What the payment menu calls, under `/checkout/frame/<viewToken>/`: JSON endpoints for the
/// menu's script (`state`, `attempts`, `instrument`, `abort`, `payer`, `swish/approve|decline`), the form
/// posts of the pages shown inside the menu (`acs`, `notification`, `invoice`, `app` — the Vipps
/// and MobilePay simulator), and the
/// third-party bank page (`/sandbox/bank/<viewToken>`, reached on another host name).
struct HostedViewPaymentRoutes: Sendable {
    let service: HostedViewService

    func register(open: Router<SandboxRequestContext>) {
        open.addRoutes(frameRoutes, atPath: "/checkout/frame/:viewToken")
        open.addRoutes(pageRoutes)
    }

    /// What the menu's script and the pages inside the menu call, by path under the frame.
    private var frameRoutes: RouteCollection<SandboxRequestContext> {
        let routes = RouteCollection(context: SandboxRequestContext.self)
        routes.get("state", use: state)
        routes.post("attempts", use: startAttempt)
        routes.post("instrument", use: selectInstrument)
        routes.post("abort", use: abort)
        routes.post("payer", use: identifyPayer)
        routes.post("payer/forget", use: forgetPayer)
        routes.post("swish/:answer", use: answerSwish)
        routes.post("acs", use: challengePage)
        routes.post("notification", use: completeChallenge)
        routes.get("invoice", use: invoicePage)
        routes.post("invoice", use: answerInvoice)
        routes.get("app", use: walletAppPage)
        routes.post("app", use: answerWalletApp)
        return routes
    }

    /// The pages outside the frame: the stored-cards notice and the third-party bank.
    private var pageRoutes: RouteCollection<SandboxRequestContext> {
        let routes = RouteCollection(context: SandboxRequestContext.self)
        routes.get("/checkout/about/stored-cards", use: storedCardsNotice)
        routes.get("/sandbox/bank/:viewToken", use: bank)
        routes.post("/sandbox/bank/:viewToken", use: answerBank)
        return routes
    }

    // MARK: - The menu's script

    private func state(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await outcome(request, context, readFirst: true) { payment in payment.poll() }
    }

    private func startAttempt(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let body = try await RequestJSON.object(request, limit: limit)
        let attempt = try HostedViewAttemptRequest.parse(body)
        return try await outcome(request, context) { payment in
            let menu = PaymentMenuModel(
                order: payment.order, storedTokens: payment.context.storedTokens, state: payment.state)
            return try payment.start(attempt, menu: menu)
        }
    }

    /// The payer expanded an instrument: the history's `PaymentInstrumentSelected`.
    private func selectInstrument(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let body = try await RequestJSON.object(request, limit: limit)
        guard let name = body["instrument"]?.stringValue, let instrument = SandboxInstrument(rawValue: name) else {
            throw SandboxProblem.inputError(
                "The instrument is not offered.", problems: [("instrument", "The field must name an instrument.")])
        }
        _ = try await service.perform(viewToken: try context.parameters.require("viewToken")) { payment in
            try payment.selectInstrument(instrument)
        }
        return JSONResponse.noContent()
    }

    private func abort(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await outcome(request, context) { payment in try payment.abort() }
    }

    private func identifyPayer(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let body = try await RequestJSON.object(request, limit: limit)
        let email = body["email"]?.stringValue
        let msisdn = body["msisdn"]?.stringValue
        _ = try await service.perform(viewToken: try context.parameters.require("viewToken")) { payment in
            try payment.identifyPayer(email: email, msisdn: msisdn)
        }
        return JSONResponse.make(SwedbankPaySDK.JSONValue.object(["payerIdentified": .bool(true)]))
    }

    /// "Not you?": the payer identified in a v3 menu takes it back (the Seamless View's
    /// onPayerUnidentified); the menu asks again.
    private func forgetPayer(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        _ = try await service.perform(viewToken: try context.parameters.require("viewToken")) { payment in
            try payment.forgetPayer()
        }
        return JSONResponse.make(SwedbankPaySDK.JSONValue.object(["payerIdentified": .bool(false)]))
    }

    private func answerSwish(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let answer = context.parameters.get("answer") ?? ""
        guard answer == "approve" || answer == "decline" else {
            throw SandboxProblem.notFound("A Swish answer is approve or decline.")
        }
        return try await outcome(request, context) { payment in
            try payment.answerSwish(approved: answer == "approve")
        }
    }

    // MARK: - The pages inside the menu

    /// Where the ACS page posts the CRes: the challenge completes, and the page says so.
    private func completeChallenge(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let fields = FormBody.fields(try await RequestJSON.bytes(request, limit: limit))
        let viewToken = try context.parameters.require("viewToken")
        let result = try await service.perform(viewToken: viewToken) { payment in
            try payment.completeChallenge(cres: fields["cres"] ?? "")
        }
        return HostedViewRoutes.page(Self.finished(viewToken, result))
    }

    /// The invoice for the payer to approve; a conflict when none waits.
    private func invoicePage(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let viewToken = try context.parameters.require("viewToken")
        let (_, payment) = try await service.perform(viewToken: viewToken, readFirst: true) { $0.poll() }
        guard case .invoice? = payment.state.pending else {
            throw SandboxProblem.conflict("No invoice waits for the payer's approval.")
        }
        return HostedViewRoutes.page(
            HostedViewSubpages.invoice(
                payment.language,
                amountText: payment.language.money(payment.order.order.amount, currency: payment.order.order.currency),
                action: service.services.urls(for: request).url("/checkout/frame/\(viewToken)/invoice"),
                description: payment.order.order.description))
    }

    private func answerInvoice(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await answered(request, context) { payment, approved in try payment.answerInvoice(approved: approved) }
    }

    /// The Vipps or MobilePay simulator for the payer; a conflict when no such payment waits.
    private func walletAppPage(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let viewToken = try context.parameters.require("viewToken")
        let (_, payment) = try await service.perform(viewToken: viewToken, readFirst: true) { $0.poll() }
        guard case .walletApp(_, let instrument, let msisdn)? = payment.state.pending else {
            throw SandboxProblem.conflict("No Vipps or MobilePay payment waits for the payer.")
        }
        let order = payment.order.order
        return HostedViewRoutes.page(
            WalletAppPage.render(
                payment.language, instrument: instrument,
                amountText: payment.language.money(order.amount, currency: order.currency),
                msisdn: msisdn, action: service.services.urls(for: request).url("/checkout/frame/\(viewToken)/app")))
    }

    private func answerWalletApp(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        try await answered(request, context) { payment, approved in try payment.answerWalletApp(approved: approved) }
    }

    /// A page inside the menu answered (`action=approve`, else declined): the step runs, and the
    /// page ends saying what happened.
    private func answered(
        _ request: Request, _ context: SandboxRequestContext,
        _ step: @escaping @Sendable (inout HostedViewPayment, Bool) throws -> HostedViewOutcome
    ) async throws -> Response {
        let approved = FormBody.fields(try await RequestJSON.bytes(request, limit: limit))["action"] == "approve"
        let viewToken = try context.parameters.require("viewToken")
        let result = try await service.perform(viewToken: viewToken) { try step(&$0, approved) }
        return HostedViewRoutes.page(Self.finished(viewToken, result))
    }

    // MARK: - The pages outside the menu

    private func storedCardsNotice(_ request: Request, context: SandboxRequestContext) async -> Response {
        JSONResponse.html(
            NoticePage.render(
                title: "Stored cards (sandbox)", heading: "How Swedbank Pay stores your card",
                text:
                    "When you choose to store your card, Swedbank Pay keeps it as a network token for this shop, "
                    + "so you need not type it again. You can remove it at any time. (Sandbox information page: "
                    + "the payment menu opens it outside the view, as onOutOfViewOpen.)"))
    }

    /// The bank's page is a top-level page: nobody frames it (``PageFraming``).
    private func bank(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        PageFraming.nobody.apply(to: try await bankPage(context))
    }

    private func answerBank(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let approved = FormBody.fields(try await RequestJSON.bytes(request, limit: limit))["action"] == "approve"
        let (_, payment) = try await service.perform(viewToken: try context.parameters.require("viewToken")) {
            try $0.answerBank(approved: approved)
        }
        return Response(status: .seeOther, headers: [.location: payment.bankReturn, .cacheControl: "no-store"])
    }

    /// The bank's page: approve or decline the payment that waits, or a notice that none does.
    private func bankPage(_ context: SandboxRequestContext) async throws -> Response {
        let viewToken = try context.parameters.require("viewToken")
        let (_, payment) = try await service.perform(viewToken: viewToken, readFirst: true) { $0.poll() }
        guard case .bank? = payment.state.pending else {
            // A page, not a problem document: the payer reaches it with Back after answering.
            return HostedViewRoutes.page(
                NoticePage.render(
                    title: "Sandbox Bank", heading: payment.language.words.nothingWaits,
                    text: PayerWords.fill(
                        payment.language.words.noBankPayment, ["status": payment.order.status.rawValue]),
                    link: payment.order.status == .paid
                        ? .init(
                            href: payment.order.order.urls.completeUrl.absoluteString,
                            label: payment.language.words.returnToShop)
                        : nil,
                    language: payment.language),
                status: 409)
        }
        let order = payment.order.order
        return HostedViewRoutes.page(
            BankPage.render(
                payment.language, amountText: payment.language.money(order.amount, currency: order.currency),
                merchant: order.payeeInfo.payeeName, action: "/sandbox/bank/\(viewToken)"))
    }

    private var limit: Int { service.services.configuration.maxRequestBodyBytes }

    /// Runs a step and answers its outcome as the menu's JSON.
    private func outcome(
        _ request: Request, _ context: SandboxRequestContext, readFirst: Bool = false,
        _ step: @escaping @Sendable (inout HostedViewPayment) throws -> HostedViewOutcome
    ) async throws -> Response {
        let viewToken = try context.parameters.require("viewToken")
        let (result, payment) = try await service.perform(viewToken: viewToken, readFirst: readFirst, step)
        let links = service.links(payment.order, base: service.services.urls(for: request))
        return JSONResponse.make(result.json(links: links))
    }

    /// The ACS challenge page (the 3-D Secure simulator's own page) for the waiting challenge;
    /// its forms post the CRes to this view's notification URL.
    private func challengePage(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let fields = FormBody.fields(try await RequestJSON.bytes(request, limit: limit))
        let viewToken = try context.parameters.require("viewToken")
        let (_, payment) = try await service.perform(viewToken: viewToken, readFirst: true) { $0.poll() }
        guard case .challenge(_, let challenge)? = payment.state.pending else {
            throw SandboxProblem.conflict("No card payment waits for a 3-D Secure challenge.")
        }
        guard let creq = fields["creq"], creq == challenge.transaction.creq else {
            throw SandboxProblem.inputError(
                "The challenge request is invalid.", problems: [("creq", "The field must be the menu's creq.")])
        }
        let order = payment.order.order
        let base = service.services.urls(for: request)
        return HostedViewRoutes.page(
            ThreeDSecurePages.challenge(
                transaction: challenge.transaction,
                notificationURL: base.url("/checkout/frame/\(viewToken)/notification"),
                sessionData: ThreeDSecureMessage(threeDSServerTransID: challenge.transaction.serverTransactionID)
                    .encoded,
                amount: payment.language.money(order.amount, currency: order.currency), language: payment.language))
    }

    /// The page a page inside the menu ends on, saying in the view's language what happened
    /// while the menu takes over.
    static func finished(_ viewToken: String, _ done: (result: HostedViewOutcome, payment: HostedViewPayment))
        -> String
    {
        let words = done.payment.language.words
        let text: String
        switch done.result {
        case .paid: text = words.approvedReturning
        case .failed: text = words.notApprovedReturning
        default: text = words.returning
        }
        return HostedViewSubpages.finished(token: viewToken, text: text, language: done.payment.language)
    }
}
#endif
