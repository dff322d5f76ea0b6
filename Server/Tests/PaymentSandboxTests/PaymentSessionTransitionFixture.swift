import Foundation
import SwedbankPaySDK

@testable import PaymentSandbox

/// A session and its order driven through ``PaymentSessionTransition`` without HTTP.
struct PaymentSessionTransitionFixture {
    var session: PaymentSessionRecord
    var order: PaymentOrderRecord
    /// The sandbox clock.
    var now: TimeInterval = 1_000
    var storedTokens: [PayerTokenRecord] = []
    var swishApprovalDelay: TimeInterval? = 3
    let ids = IDGenerator(seed: 9)
    /// 2025-05-13, a fixed wall time for card expiry.
    static let date = Date(timeIntervalSince1970: 1_747_130_000)

    init(
        description: String = "Test purchase", amount: Int64 = 1500, payerReference: String? = "AB1234",
        msisdn: String? = "+46739000001", instrument: String? = nil, cancelUrl: Bool = true
    ) {
        order = PaymentSessionFixtures.order(
            ids: IDGenerator(seed: 3), description: description, amount: amount, payerReference: payerReference,
            msisdn: msisdn, instrument: instrument, cancelUrl: cancelUrl)
        session = PaymentSessionRecord(token: order.sessionToken, orderID: order.id)
    }

    var links: PaymentSessionLinks {
        PaymentSessionLinks(urls: PublicURL(base: PaymentSessionFixtures.base), token: order.sessionToken)
    }

    var context: PaymentSessionContext {
        PaymentSessionContext(
            links: links, now: now, date: Self.date, ids: ids, storedTokens: storedTokens,
            swishApprovalDelay: swishApprovalDelay)
    }

    /// Applies `request` and keeps the new session and order.
    @discardableResult
    mutating func apply(_ request: PaymentSessionRequest) -> PaymentSessionTransition {
        let transition = PaymentSessionTransition.apply(request, to: session, order: order, context: context)
        session = transition.session
        order = transition.order
        return transition
    }

    /// The rendered model.
    var model: SwedbankPaySDK.JSONValue {
        PaymentSessionView.render(session: session, order: order, context: context)
    }

    // MARK: Requests with the SDK's bodies

    static func body(_ text: String) -> SwedbankPaySDK.JSONObject {
        (try? JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: Data(text.utf8)))?.objectValue ?? [:]
    }

    static let prepare = PaymentSessionRequest.preparePayment(body(SDKBodies.prepare))
    static let expandCard = PaymentSessionRequest.expandMethod(
        paymentMethod: "CreditCard", body: body(SDKBodies.expand("CreditCard")))
    static func startSwish(_ msisdn: String?) -> PaymentSessionRequest {
        .startPaymentAttempt(paymentMethod: "Swish", body: body(SDKBodies.swish(msisdn: msisdn)))
    }
    static func startCard(_ token: String) -> PaymentSessionRequest {
        .startPaymentAttempt(paymentMethod: "CreditCard", body: body(SDKBodies.card(token)))
    }
    static let startApplePay = PaymentSessionRequest.startPaymentAttempt(
        paymentMethod: "ApplePay", body: body(SDKBodies.applePay))
    func createAuthentication(_ indicator: String = "Y") -> PaymentSessionRequest {
        .createAuthentication(
            Self.body(SDKBodies.createAuthentication(indicator: indicator, notificationUrl: links.notification)))
    }
    static func completeAuthentication(_ cres: String) -> PaymentSessionRequest {
        .completeAuthentication(body(SDKBodies.completeAuthentication(cres)))
    }
    static func payload(_ token: String = SDKBodies.applePayToken()) -> PaymentSessionRequest {
        .attemptPayload(paymentMethod: "ApplePay", body: body(SDKBodies.attemptPayload(token)))
    }
    static func fail(_ method: String, _ problemType: String, errorCode: String? = nil) -> PaymentSessionRequest {
        .failPaymentAttempt(paymentMethod: method, body: body(SDKBodies.fail(problemType, errorCode: errorCode)))
    }
    static func customize(_ text: String) -> PaymentSessionRequest {
        .customizePayment(body(text))
    }

    // MARK: Phases

    /// Fetched and prepared.
    static func choosing(_ fixture: PaymentSessionTransitionFixture = .init()) -> PaymentSessionTransitionFixture {
        var fixture = fixture
        fixture.apply(.getPayment)
        fixture.apply(prepare)
        return fixture
    }

    /// Prepared, CreditCard expanded.
    static func expanded(_ fixture: PaymentSessionTransitionFixture = .init()) -> PaymentSessionTransitionFixture {
        var fixture = choosing(fixture)
        fixture.apply(expandCard)
        return fixture
    }

    /// The transaction of the card attempt in progress.
    var transaction: ThreeDSecureTransaction? {
        if case .card(let attempt) = session.phase { return attempt.transaction }
        return nil
    }

    /// The Swish attempt in progress.
    var swish: SwishPaymentAttempt? {
        if case .swish(let attempt) = session.phase { return attempt }
        return nil
    }
}

extension PaymentSessionTransition {
    /// The answer's problem type and status, nil for a 200/204.
    var problem: (type: String, status: Int)? {
        if case .problem(let problem) = reply { return (problem.type, problem.status) }
        return nil
    }

    var isModel: Bool {
        if case .model = reply { return true }
        return false
    }

    var isNoContent: Bool {
        if case .noContent = reply { return true }
        return false
    }
}
