import Foundation
import HTTPTypes
import Hummingbird
import ServerSupport
import SwedbankPaySDK

/// `POST paymentorders`: create at Swedbank Pay, record the answer, answer.
///
/// The answer is stored before the app hears it, so an order the app was told about is always in
/// the database. With an `Idempotency-Key` header the order row is first reserved (`pending`)
/// before Swedbank Pay is called: a repeated request gets the first answer byte for byte and
/// creates nothing; a request whose first try failed without a verdict (timeout, 5xx) is tried
/// again with the same payee reference; one still in flight is refused with 409. Without a key
/// nothing can repeat the request, so nothing is reserved: the row is written once when Swedbank
/// Pay has answered — one write instead of two, and no commit before the call — and Swedbank
/// Pay's answer (2–4 KB that nothing would read) is not kept, only its status code.
struct PaymentOrderCreation: Sendable {
    let store: OrderStore
    let swedbankPay: SwedbankPayClient
    let preparation: PaymentOrderPreparation
    /// When a pending creation counts as abandoned (its process died).
    let abandonment: AbandonmentWindow
    let maxKeyLength: Int
    let clock: BackendClock

    /// The header marking a replayed answer.
    static let replayedHeader = HTTPField.Name("Idempotent-Replayed")!
    static let keyHeader = HTTPField.Name("Idempotency-Key")!

    /// Creates the order `body` asks for. `bindPayer` sees the checked order before anything is
    /// written; it throws to refuse it (the payer reference and token rules) or answers the
    /// payer reference Swedbank Pay is sent for the app's.
    func create(
        body: SwedbankPaySDK.JSONObject, user: String, idempotencyKey: String?,
        bindPayer: (SwedbankPaySDK.PaymentOrder) async throws -> String?
    ) async throws -> Response {
        try IdempotencyKey.check(idempotencyKey, maxLength: maxKeyLength)
        let payeeReference = BackendIDs.payeeReference(now: clock.date)
        let checked = try preparation.check(body)
        let pspPayerReference = try await bindPayer(checked)
        let prepared = try preparation.prepare(
            checked, payeeReference: payeeReference, pspPayerReference: pspPayerReference)
        let now = clock.milliseconds
        let order = StoredOrder(
            id: BackendIDs.orderID(now: clock.date), payeeReference: payeeReference, userID: user,
            idempotencyKey: idempotencyKey,
            requestHash: RequestFingerprint.of(.object(body)), operation: prepared.order.operation.rawValue,
            currency: prepared.order.currency, amount: prepared.order.amount, vatAmount: prepared.order.vatAmount,
            payerReference: checked.payer?.payerReference, creation: .pending, status: nil, pspID: nil,
            responseStatus: nil, responseBody: nil, createdAt: now, updatedAt: now)
        guard idempotencyKey != nil else {
            return try await callSwedbankPay(for: order, row: .unwritten, body: prepared.body)
        }
        switch try await store.reserve(order) {
        case .recorded(let recorded):
            return try await callSwedbankPay(for: recorded, row: .reserved, body: prepared.body)
        case .existing(let existing):
            return try await repeatRequest(existing, requestHash: order.requestHash, prepared: prepared)
        }
    }

    /// A request with a key the user used before.
    private func repeatRequest(_ existing: StoredOrder, requestHash: String, prepared: Prepared) async throws
        -> Response
    {
        guard existing.requestHash == requestHash else {
            throw BackendProblem.badRequest(
                "The Idempotency-Key was used before with a different request body.", status: 422)
        }
        switch existing.creation {
        case .created, .rejected:
            guard let status = existing.responseStatus, let body = existing.responseBody else {
                throw BackendProblem.internalError()
            }
            return replay(existing, status: status, body: body)
        case .pending, .failed:
            let now = clock.milliseconds
            guard
                let claimed = try await store.claim(existing, now: now, staleBefore: abandonment.staleBefore(now: now))
            else {
                throw BackendProblem.badRequest(
                    "A request with this Idempotency-Key is still being processed; try again shortly.", status: 409
                ).stillInFlight()
            }
            // Tried again with the payee reference of the first try: Swedbank Pay refuses a second
            // order with it, so a first try that did reach Swedbank Pay cannot make a duplicate.
            // (The body is the same, so its payer is bound to the same Swedbank Pay reference.)
            let again = try preparation.prepare(
                prepared.order, payeeReference: claimed.payeeReference,
                pspPayerReference: prepared.order.payer?.payerReference)
            return try await callSwedbankPay(for: claimed, row: .reserved, body: again.body)
        }
    }

    /// Creates `order` at Swedbank Pay and records the outcome in its row: `row` says whether the
    /// row exists (reserved) or is written now.
    private func callSwedbankPay(for order: StoredOrder, row: OrderStore.Row, body: Data) async throws -> Response {
        var outcome = order
        // Only a request with a key can be repeated, so only its answer is kept for the replay.
        let keepsAnswer = order.idempotencyKey != nil
        let answer: SwedbankPayClient.Answer
        do {
            answer = try await swedbankPay.send(.POST, swedbankPay.url("/psp/paymentorders"), json: body)
        } catch let problem {
            // 4xx is Swedbank Pay's verdict on this order; anything else may succeed next time.
            let verdict = (400..<500).contains(problem.status) && problem.type != URI.mobileSDKBadGateway
            if BackendMetrics.enabled { BackendMetrics.orderCreation(verdict ? "rejected" : "failed") }
            outcome.creation = verdict ? .rejected : .failed
            outcome.responseStatus = verdict ? problem.status : nil
            outcome.responseBody =
                verdict && keepsAnswer ? SwedbankPaySDK.JSONValue.object(problem.document).jsonText : nil
            outcome.updatedAt = clock.milliseconds
            try await store.recordOutcome(outcome, row: row)
            throw problem
        }
        guard case .object(let paymentOrder)? = answer.object["paymentOrder"],
            case .string(let pspID)? = paymentOrder["id"]
        else {
            if BackendMetrics.enabled { BackendMetrics.orderCreation("failed") }
            outcome.creation = .failed
            outcome.updatedAt = clock.milliseconds
            try await store.recordOutcome(outcome, row: row)
            throw BackendProblem.invalidResponse(
                "Swedbank Pay's answer has no paymentOrder.id.", gatewayStatus: answer.status,
                body: SwedbankPaySDK.JSONValue.object(answer.object).jsonText)
        }
        // Passed on as received unless the backend adds its own link.
        let document =
            Self.needsSetInstrumentLink(answer.object)
            ? SwedbankPaySDK.JSONValue.object(Self.forApp(answer.object, orderID: order.id)).jsonText
            : String(decoding: answer.body, as: UTF8.self)
        if BackendMetrics.enabled { BackendMetrics.orderCreation("created") }
        outcome.creation = .created
        outcome.pspID = pspID
        outcome.status = paymentOrder["status"]?.stringValue.map(OrderStatus.init(rawValue:))
        outcome.responseStatus = 201
        outcome.responseBody = keepsAnswer ? document : nil
        outcome.updatedAt = clock.milliseconds
        try await store.recordOutcome(outcome, row: row)
        return BackendResponse.raw(
            Data(document.utf8), status: 201, contentType: "application/json; charset=utf-8",
            headers: [.location: "/paymentorders/\(order.id)"])
    }

    private func replay(_ order: StoredOrder, status: Int, body: String) -> Response {
        var headers: HTTPFields = [Self.replayedHeader: "true"]
        if order.creation == .created { headers[.location] = "/paymentorders/\(order.id)" }
        return BackendResponse.raw(
            Data(body.utf8), status: status,
            contentType: status < 300 ? "application/json; charset=utf-8" : "application/problem+json",
            headers: headers)
    }

    /// Swedbank Pay's answer plus what the SDK needs from the backend: for Checkout v2 instrument
    /// mode, `mobileSDK.setInstrument`, the backend's own link for changing the instrument.
    static func forApp(_ answer: SwedbankPaySDK.JSONObject, orderID: String) -> SwedbankPaySDK.JSONObject {
        var result = answer
        if needsSetInstrumentLink(answer) {
            var mobileSDK = answer["mobileSDK"]?.objectValue ?? [:]
            mobileSDK["setInstrument"] = .string("/paymentorders/\(orderID)/setInstrument")
            result["mobileSDK"] = .object(mobileSDK)
        }
        return result
    }

    /// Whether the answer is a Checkout v2 payment order in instrument mode, which gets the
    /// backend's `mobileSDK.setInstrument` link.
    static func needsSetInstrumentLink(_ answer: SwedbankPaySDK.JSONObject) -> Bool {
        (answer["operations"]?.arrayValue ?? []).contains {
            $0.objectValue?["rel"]?.stringValue == PaymentOrderRel.updatePaymentOrderSetInstrument.rawValue
        }
    }

    private typealias URI = SwedbankPaySDK.ProblemTypeURI
    private typealias Prepared = PaymentOrderPreparation.Prepared
}
