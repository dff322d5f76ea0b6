#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// The payer's actions in the hosted payment menu as pure changes of the order and the view's
/// state: `(order, state, action) -> (order', state', outcome)`. The routes load, run one of these
/// inside the store's update of the order, and save; every decision is tested without HTTP.
///
/// All of them go through ``PaymentOrderRecord``'s lifecycle (`startAttempt`, `failAttempt`,
/// `abortAttempt`, `markPaid`, `abort`), so an order paid here looks like one paid natively.
struct HostedViewPayment: Sendable {
    var order: PaymentOrderRecord
    var state: HostedViewState
    let context: HostedViewContext
    /// Set when the order's status changed (paid or aborted): the merchant gets a callback.
    var statusChanged = false

    /// The language of the view's pages: the script's `culture`, else the order's `language`.
    var language: PayerLanguage {
        state.culture ?? PayerLanguage(culture: order.order.culture.rawValue)
    }

    /// The reason recorded when the payer cancels.
    static let abortReason = "Payment aborted by payer"

    // MARK: Opening and polling

    /// The view opened (or re-opened after paymentUrl): notes `PaymentLoaded` and says what the
    /// menu must show or report. A failed or abandoned attempt is reported once.
    mutating func opened(culture: PayerLanguage? = nil) -> HostedViewOutcome {
        state.culture = culture
        return opened(integration: .hostedView)
    }

    /// The Redirect page at `page` opened (or re-opened: a reload, Back, the return from the
    /// bank). Like ``opened()``, and a bank that sends the payer back comes to `page`.
    mutating func openedRedirect(page: String) -> HostedViewOutcome {
        state.redirectPage = page
        state.culture = nil
        return opened(integration: .redirect)
    }

    private mutating func opened(integration: PaymentOrderIntegration) -> HostedViewOutcome {
        state.integration = integration
        order.recordLoaded(integration: integration, now: context.date)
        settleSwish()
        let outcome = current()
        if state.pending == nil { state.lastAttempt = nil }
        return outcome
    }

    /// Where things stand, for the menu's polls; an other-device Swish payment whose approval
    /// time has come is settled first.
    mutating func poll() -> HostedViewOutcome {
        settleSwish()
        return current()
    }

    /// The outcome that describes the order and the view now.
    func current() -> HostedViewOutcome {
        switch order.status {
        case .paid: return .paid(attempt: order.paid?.number)
        case .aborted: return .aborted
        case .initialized: break
        default: return .closed(status: order.status.rawValue)
        }
        switch state.pending {
        case .challenge(let number, let challenge)?:
            return .challenge(attempt: number, creq: challenge.transaction.creq)
        case .swish(let number, _, _)?: return .swishPending(attempt: number)
        case .invoice(let number, _)?: return .invoice(attempt: number)
        case .bank(let number)?: return .bank(attempt: number)
        case .walletApp(let number, let instrument, _)?: return .walletApp(attempt: number, instrument: instrument)
        case nil: break
        }
        switch state.lastAttempt {
        case let ended? where ended.result == .failed:
            return .failed(attempt: ended.number, ended.problem ?? .threeDSecureDeclined)
        case let ended? where ended.result == .aborted:
            return .attemptAborted(attempt: ended.number)
        default:
            return .idle
        }
    }

    // MARK: Starting an attempt

    /// Starts an attempt with the menu's instrument. Bad input is a 400 naming the field and
    /// starts nothing; an attempt still waiting elsewhere is abandoned first.
    mutating func start(_ request: HostedViewAttemptRequest, menu: PaymentMenuModel) throws -> HostedViewOutcome {
        try requireOpen()
        guard let instrument = SandboxInstrument(rawValue: request.instrument),
            order.availableInstruments.contains(instrument)
        else {
            throw SandboxProblem.inputError(
                "The instrument is not offered.",
                problems: [
                    ("instrument", "The field must be one of \(SandboxInstrument.names(order.availableInstruments)).")
                ])
        }
        switch HostedViewInstrument.presentation(of: instrument) {
        case .card:
            let card = try cardToPay(request, menu: menu)
            let number = try begin(instrument)
            return payCard(card, number: number, consent: request.consent && menu.showsConsent)
        case .swish:
            let msisdn = try Self.swishNumber(request.msisdn, nationalPrefix: "+46")
            let number = try begin(instrument)
            state.pending = .swish(number: number, msisdn: msisdn, startedAt: context.now)
            return .swishPending(attempt: number)
        case .invoice:
            let number = try begin(instrument)
            state.pending = .invoice(number: number, instrument: instrument)
            return .invoice(attempt: number)
        case .walletApp:
            let msisdn = try Self.swishNumber(request.msisdn)
            let number = try begin(instrument)
            state.pending = .walletApp(number: number, instrument: instrument, msisdn: msisdn)
            return .walletApp(attempt: number, instrument: instrument)
        case .bank:
            guard order.order.urls.paymentUrl != nil || state.integration == .redirect else {
                throw SandboxProblem.conflict(
                    "A bank payment returns through the order's paymentUrl, and this order has none.")
            }
            let number = try begin(instrument)
            state.pending = .bank(number: number)
            return .bank(attempt: number)
        case .appOnly:
            throw SandboxProblem.inputError(
                "The instrument is only offered in the app.",
                problems: [("instrument", "\(instrument.rawValue) is paid with the native SDK, not in the web menu.")])
        }
    }

    /// The MSISDN without spaces or dashes: `+` and 8 to 15 digits, as the Swish API (and the
    /// Vipps and MobilePay steps) want. With a `nationalPrefix` (Swish: `+46`) the forms a payer
    /// types in that country are taken too and written as the menu sends them: `0739000001`
    /// becomes `+46739000001`, and `0046…` `+46…`.
    static func swishNumber(_ text: String?, nationalPrefix: String? = nil) throws -> String {
        var msisdn = (text ?? "").filter { $0 != " " && $0 != "-" }
        if msisdn.hasPrefix("00") {
            msisdn = "+" + msisdn.dropFirst(2)
        } else if let nationalPrefix, msisdn.range(of: #"^0[1-9][0-9]{6,12}$"#, options: .regularExpression) != nil {
            msisdn = nationalPrefix + msisdn.dropFirst()
        }
        guard msisdn.range(of: #"^\+[1-9][0-9]{7,14}$"#, options: .regularExpression) != nil else {
            throw SandboxProblem.inputError(
                "The mobile number is invalid.",
                problems: [("msisdn", "Enter the number with the country code, such as +46739000001.")])
        }
        return msisdn
    }

    private mutating func begin(_ instrument: SandboxInstrument) throws -> Int64 {
        if let pending = state.pending {
            order.abortAttempt(
                instrument: pending.instrument, number: pending.number,
                reason: "The payer started another payment attempt.", now: context.date)
            state.pending = nil
        }
        state.lastAttempt = nil
        do {
            return try order.startAttempt(instrument: instrument, now: context.date)
        } catch {
            throw Self.problem(for: error)
        }
    }

    /// The payer expanded `instrument` in the menu (`PaymentInstrumentSelected`).
    mutating func selectInstrument(_ instrument: SandboxInstrument) throws {
        do {
            try order.recordInstrumentSelected(instrument, now: context.date)
        } catch {
            throw Self.problem(for: error)
        }
    }

    /// The payer identified in a v3 menu that asks for consumer info.
    mutating func identifyPayer(email: String?, msisdn: String?) throws {
        try requireOpen()
        state.identifiedEmail = try PayerContact.parse(email: email, msisdn: msisdn).email
    }

    /// The identified payer said "Not you?": the menu asks for the payer's details again.
    mutating func forgetPayer() throws {
        try requireOpen()
        state.identifiedEmail = nil
    }

    // MARK: Answers from outside the menu

    /// The payer answered in the (simulated) Swish app.
    mutating func answerSwish(approved: Bool) throws -> HostedViewOutcome {
        guard case .swish(let number, let msisdn, _)? = state.pending else {
            throw SandboxProblem.conflict("No Swish payment waits for the payer.")
        }
        try requireOpen()
        guard approved else { return fail(.swish, number: number, problem: .swishUserCancelled) }
        if let problem = order.takeAttemptProblem(.swish) {
            return fail(.swish, number: number, problem: problem)
        }
        return try pay(
            .swish, number: number, transactionType: SandboxInstrument.swish.transactionType,
            details: ["msisdn": msisdn])
    }

    /// The payer approved or cancelled on the invoice page.
    mutating func answerInvoice(approved: Bool) throws -> HostedViewOutcome {
        guard case .invoice(let number, let instrument)? = state.pending else {
            throw SandboxProblem.conflict("No invoice waits for the payer's approval.")
        }
        try requireOpen()
        guard approved else {
            return abandon(instrument, number: number, reason: "Invoice cancelled")
        }
        if let problem = order.takeAttemptProblem(instrument) {
            return fail(instrument, number: number, problem: problem)
        }
        return try pay(instrument, number: number, transactionType: instrument.transactionType, details: [:])
    }

    /// The payer answered in the (simulated) Vipps or MobilePay app. A decline fails the attempt
    /// with the instrument's documented problem (``WalletApp/declined(_:)``), or abandons it where
    /// the portal documents none; the order stays open either way.
    mutating func answerWalletApp(approved: Bool) throws -> HostedViewOutcome {
        guard case .walletApp(let number, let instrument, _)? = state.pending else {
            throw SandboxProblem.conflict("No Vipps or MobilePay payment waits for the payer.")
        }
        try requireOpen()
        guard approved else {
            guard let problem = WalletApp.declined(instrument) else {
                return abandon(instrument, number: number, reason: "The payer declined in \(instrument.rawValue).")
            }
            return fail(instrument, number: number, problem: problem)
        }
        if let problem = order.takeAttemptProblem(instrument) {
            return fail(instrument, number: number, problem: problem)
        }
        return try pay(
            instrument, number: number, transactionType: instrument.transactionType,
            details: WalletApp.details(instrument))
    }

    /// The payer approved or cancelled on the bank page.
    mutating func answerBank(approved: Bool) throws -> HostedViewOutcome {
        guard case .bank(let number)? = state.pending else {
            throw SandboxProblem.conflict("No bank payment waits for the payer.")
        }
        try requireOpen()
        guard approved else {
            return abandon(.trustly, number: number, reason: "The payer cancelled at the bank.")
        }
        if let problem = order.takeAttemptProblem(.trustly) {
            return fail(.trustly, number: number, problem: problem)
        }
        let outcome = try pay(
            .trustly, number: number, transactionType: SandboxInstrument.trustly.transactionType, details: [:])
        // A payout Verify saves the payer's account (the service stores it after the update).
        PaymentTokenIssuer.issueIfRequested(
            for: &order, cardBrand: "", maskedPan: "", expiryDate: "", ids: context.ids)
        return outcome
    }

    /// Where the bank page sends the payer after their answer, as a bank does: a top-level GET
    /// of the Seamless View's `paymentUrl` (the merchant's page opens the view again and hears
    /// the outcome there); from the Redirect page, `completeUrl` when paid and back to the
    /// Redirect page otherwise (the portal: `paymentUrl` is only used by Seamless Views).
    var bankReturn: String {
        let urls = order.order.urls
        guard state.integration == .redirect, let page = state.redirectPage else {
            return (urls.paymentUrl ?? urls.completeUrl).absoluteString
        }
        return order.status == .paid ? urls.completeUrl.absoluteString : page
    }

    /// The payer cancelled the payment (the menu's cancel link or the script's `cancel()`).
    /// Refused, changing nothing, while the payer is in the Swish, Vipps or MobilePay app: the
    /// order offers no abort then (the menu hides its Cancel meanwhile).
    mutating func abort() throws -> HostedViewOutcome {
        try requireOpen()
        do {
            try order.checkAbortable()
        } catch {
            throw Self.problem(for: error)
        }
        if let pending = state.pending {
            order.abortAttempt(
                instrument: pending.instrument, number: pending.number, reason: Self.abortReason, now: context.date)
            state.pending = nil
        }
        do {
            try order.abort(reason: Self.abortReason, now: context.date)
        } catch {
            throw Self.problem(for: error)
        }
        statusChanged = true
        return .aborted
    }

    private mutating func settleSwish() {
        guard case .swish(_, _, let startedAt)? = state.pending, order.status == .initialized,
            let delay = context.swishApprovalDelay, context.now - startedAt >= delay
        else { return }
        _ = try? answerSwish(approved: true)
    }

    // MARK: Shared steps

    func requireOpen() throws {
        guard order.status == .initialized else {
            throw SandboxProblem.conflict("The payment order is \(order.status.rawValue).")
        }
    }

    mutating func fail(_ instrument: SandboxInstrument, number: Int64, problem: PaymentAttemptProblem)
        -> HostedViewOutcome
    {
        order.failAttempt(instrument: instrument, number: number, problem: problem.document, now: context.date)
        state.pending = nil
        state.lastAttempt = .init(number: number, instrument: instrument, result: .failed, problem: problem)
        return .failed(attempt: number, problem)
    }

    mutating func abandon(_ instrument: SandboxInstrument, number: Int64, reason: String) -> HostedViewOutcome {
        order.abortAttempt(instrument: instrument, number: number, reason: reason, now: context.date)
        state.pending = nil
        state.lastAttempt = .init(number: number, instrument: instrument, result: .aborted)
        return .attemptAborted(attempt: number)
    }

    mutating func pay(
        _ instrument: SandboxInstrument, number: Int64, transactionType: TransactionType, details: [String: String],
        tokens: [SwedbankPaySDK.JSONObject] = []
    ) throws -> HostedViewOutcome {
        do {
            try order.markPaid(
                instrument: instrument, number: number, transactionType: transactionType, details: details,
                tokens: tokens, now: context.date)
        } catch {
            throw Self.problem(for: error)
        }
        statusChanged = true
        state.pending = nil
        state.lastAttempt = .init(number: number, instrument: instrument, result: .paid)
        return .paid(attempt: number)
    }

    static func problem(for error: any Error) -> SandboxProblem {
        switch error {
        case let problem as SandboxProblem:
            return problem
        case PaymentOrderRecord.LifecycleError.notInitialized(let status):
            return .conflict("The payment order is \(status.rawValue).")
        case PaymentOrderRecord.LifecycleError.payerInApp(let app):
            return .conflict(PaymentOrderRecord.LifecycleError.payerInAppDetail(app))
        case PaymentOrderRecord.LifecycleError.instrumentNotAvailable(let instrument):
            return .inputError(
                "The instrument is not offered.", problems: [("instrument", "\(instrument.rawValue) is not offered.")])
        default:
            return .systemError("The hosted view failed: \(error).")
        }
    }
}
#endif
