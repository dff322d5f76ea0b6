import Foundation
import ServerSupport
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// The reference's operations table offers `abort` "before any authorize/sale; not while payer is
/// in Swish/Vipps/MobilePay app". While an attempt waits in one of those apps, every way of
/// aborting the order agrees: the order's operations lack the abort rel (v3 and v2), the
/// merchant's PATCH, the page's Cancel and the session's abort-payment are refused with 409 and
/// change nothing; once the attempt ends, abort is offered and works again.
@Suite struct PayerInAppAbortTests {
    typealias F = HostedViewFixtures

    struct App: Sendable, CustomTestStringConvertible {
        let instrument: SandboxInstrument
        let currency: String
        let msisdn: String
        var testDescription: String { instrument.rawValue }
    }

    static let apps = [
        App(instrument: .swish, currency: "SEK", msisdn: "+46739000001"),
        App(instrument: .vipps, currency: "NOK", msisdn: "+4791234567"),
        App(instrument: .mobilePay, currency: "DKK", msisdn: "+4512345678"),
    ]

    static func rels(_ record: PaymentOrderRecord) -> [String] {
        PaymentOrderOperations.operations(for: record, base: PublicURL(base: "https://sandbox.example"), traceId: "t")
            .compactMap(\.rel)
    }

    /// A session of `order` whose payer is choosing (the web view started the app attempt).
    static func session(_ order: PaymentOrderRecord) -> (PaymentSessionRecord, PaymentSessionContext) {
        var session = PaymentSessionRecord(token: order.sessionToken, orderID: order.id)
        session.phase = .choosing
        let links = PaymentSessionLinks(urls: PublicURL(base: "https://sandbox.example"), token: order.sessionToken)
        let context = PaymentSessionContext(
            links: links, now: 1_000, date: F.date, ids: IDGenerator(seed: 9), storedTokens: [],
            swishApprovalDelay: nil)
        return (session, context)
    }

    @Test(.tags(.refusal), arguments: [true, false], apps)
    func noWayAbortsTheOrderWhileThePayerIsInTheApp(v3: Bool, app: App) throws {
        let abortRel = v3 ? "abort" : "update-paymentorder-abort"
        let order = F.order(v3: v3) { $0["currency"] = .string(app.currency) }
        var payment = F.payment(try F.record(order), swishDelay: nil)
        #expect(Self.rels(payment.order).contains(abortRel))
        _ = try payment.start(F.instrument(app.instrument.rawValue, msisdn: app.msisdn), menu: F.menu(payment))
        #expect(payment.order.payersApp == app.instrument)
        let waiting = payment.order
        let detail =
            "The payer is paying in the \(app.instrument.rawValue) app; "
            + "the payment order cannot be aborted until that attempt ends."

        // The order's operations.
        #expect(!Self.rels(waiting).contains(abortRel))
        if v3 { #expect(Self.rels(waiting).contains("abort-paymentattempt")) }

        // The merchant's PATCH … Abort.
        var patched = waiting
        let refusal = #expect(throws: SandboxProblem.self) {
            try PaymentOrderUpdate.abort(reason: "CancelledByConsumer").apply(to: &patched, now: F.date)
        }
        #expect(refusal?.status == 409)
        #expect(refusal?.type == ProblemTypes.errorDetail(ProblemTypes.conflict))
        #expect(refusal?.detail == detail)
        #expect(patched.status == .initialized)

        // The page's Cancel (the Redirect page's link, the Seamless View's cancel()).
        let cancelled = #expect(throws: SandboxProblem.self) { _ = try payment.abort() }
        #expect(cancelled?.status == 409)
        #expect(cancelled?.detail == detail)
        #expect(payment.order.status == .initialized)
        #expect(payment.order.failedAttempts.isEmpty)
        #expect(payment.order.history.map(\.name) == waiting.history.map(\.name))
        #expect(!payment.statusChanged)

        // The payment session.
        let (session, context) = Self.session(waiting)
        let offer = PaymentSessionOffer(session: session, order: waiting, links: context.links)
        #expect(!offer.offers(rel: .abortPayment, paymentMethod: nil))
        let refused = PaymentSessionTransition.apply(.abortPayment, to: session, order: waiting, context: context)
        guard case .problem(let problem) = refused.reply else {
            Issue.record("abort-payment was not refused")
            return
        }
        #expect(problem.status == 409)
        #expect(problem.type == ProblemTypes.errorDetail(ProblemTypes.operationNotAllowed))
        #expect(refused.order.status == .initialized)

        // The payer declines in the app: the attempt ends, and abort is offered and works again.
        _ =
            app.instrument == .swish
            ? try payment.answerSwish(approved: false) : try payment.answerWalletApp(approved: false)
        #expect(payment.order.payersApp == nil)
        #expect(Self.rels(payment.order).contains(abortRel))
        let reopened = PaymentSessionOffer(session: session, order: payment.order, links: context.links)
        #expect(reopened.offers(rel: .abortPayment, paymentMethod: nil))
        #expect(try payment.abort() == .aborted)
        #expect(payment.order.status == .aborted)
    }

    @Test func anAttemptOutsideAnAppDoesNotStopTheAbort() throws {
        var payment = F.payment(try F.record())
        _ = try payment.start(F.instrument("Invoice-PayExFinancingSe"), menu: F.menu(payment))
        #expect(payment.order.payersApp == nil)
        #expect(Self.rels(payment.order).contains("abort"))
        #expect(try payment.abort() == .aborted)
    }
}
