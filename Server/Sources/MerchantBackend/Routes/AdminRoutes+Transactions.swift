import Foundation
import Hummingbird
import ServerSupport
import SwedbankPaySDK

/// Moving money: the admin API's capture, cancellation and reversal, carried out step by step as
/// ``TransactionDecision`` decides — record, look up, send, record what came of it.
extension AdminRoutes {
    /// Rows left `pending` longer than this were left by a process that died.
    var abandonment: AbandonmentWindow { AbandonmentWindow(services.configuration) }

    func transact(
        _ kind: StoredTransaction.Kind, on order: StoredOrder, body: SwedbankPaySDK.JSONObject, idempotencyKey: String?
    ) async throws -> Response {
        try IdempotencyKey.check(idempotencyKey, maxLength: services.configuration.maxIdempotencyKeyLength)
        let request = try AdminTransactionRequest.parse(body, kind: kind)
        guard order.pspID != nil else {
            throw BackendProblem.conflict("The payment order was never created at Swedbank Pay.")
        }
        let now = services.clock.milliseconds
        let id = BackendIDs.orderID(now: services.clock.date)
        // Without a key of the merchant's, the transaction's id is its key: a request whose answer
        // was lost can still be repeated (the problem names the key).
        let key = idempotencyKey ?? id
        let requestHash = RequestFingerprint.of(.object(body))
        let others = try await transactions.all(orderID: order.id)
        if let existing = others.first(where: { $0.idempotencyKey == key }) {
            return try await repeatRequest(
                existing, kind: kind, requestHash: requestHash, request: request, order: order)
        }
        switch TransactionDecision.blocker(among: others, now: now, window: abandonment) {
        case .unresolved(let other)?:
            throw BackendProblem.outcomeUnknown(blockedBy: other)
        case .inFlight(let other)?:
            throw BackendProblem.conflict(
                "The \(other.kind.rawValue) \(other.id) of this payment order is still being processed; one transaction of an order is made at a time."
            ).stillInFlight()
        case nil:
            break
        }
        let transaction = StoredTransaction(
            id: id, orderID: order.id, kind: kind, idempotencyKey: key, requestHash: requestHash,
            payeeReference: BackendIDs.payeeReference(now: services.clock.date),
            amount: request.amount, vatAmount: request.vatAmount, description: request.description, state: .pending,
            pspTransactionID: nil, pspNumber: nil, responseStatus: nil, responseBody: nil, createdAt: now,
            updatedAt: now)
        switch try await transactions.reserve(transaction) {
        case .recorded(let recorded):
            return try await send(recorded, request: request, order: order)
        case .existing(let existing):
            return try await repeatRequest(
                existing, kind: kind, requestHash: requestHash, request: request, order: order)
        }
    }

    /// A request with a key the order's transaction `existing` holds.
    private func repeatRequest(
        _ existing: StoredTransaction, kind: StoredTransaction.Kind, requestHash: String,
        request: AdminTransactionRequest, order: StoredOrder
    ) async throws -> Response {
        guard existing.requestHash == requestHash, existing.kind == kind else {
            throw BackendProblem.badRequest(
                "The Idempotency-Key was used before with a different request.", status: 422)
        }
        let now = services.clock.milliseconds
        let inFlight = BackendProblem.conflict("A request with this Idempotency-Key is still being processed.")
            .stillInFlight()
        switch TransactionDecision.decide(
            .repeated(existing.state, updatedAt: existing.updatedAt, now: now), window: abandonment)
        {
        case .replay:
            guard let status = existing.responseStatus, let body = existing.responseBody else {
                throw BackendProblem.internalError()
            }
            return BackendResponse.raw(
                Data(body.utf8), status: status,
                contentType: status < 300 ? "application/json" : "application/problem+json")
        case .takeOverAndLookUp:
            guard
                let claimed = try await transactions.claim(
                    existing, now: now, staleBefore: abandonment.staleBefore(now: now))
            else { throw inFlight }
            return try await resolve(
                claimed, request: request, order: order,
                mayHaveBeenSent: TransactionDecision.mayHaveBeenSent(existing.state), conflict: nil)
        case .stillInFlight, .lookUp, .send, .record:
            throw inFlight
        }
    }

    /// Looks the transaction up at Swedbank Pay by its payee reference and goes on as
    /// ``TransactionDecision`` says: record it done, send it, or record what is still not known.
    /// `conflict` is Swedbank Pay's 409 to the movement when that is why it is looked up.
    private func resolve(
        _ transaction: StoredTransaction, request: AdminTransactionRequest, order: StoredOrder,
        mayHaveBeenSent: Bool, conflict: BackendProblem?
    ) async throws -> Response {
        var transaction = transaction
        let entry: SwedbankPaySDK.JSONObject?
        var unreadable: BackendProblem?
        do {
            entry = try await financialTransaction(of: transaction, order: order)
        } catch {
            entry = nil
            unreadable = error
        }
        let event = TransactionDecision.Event.lookedUp(
            found: unreadable == nil ? entry != nil : nil, mayHaveBeenSent: mayHaveBeenSent,
            afterConflict: conflict != nil)
        switch TransactionDecision.decide(event, window: abandonment) {
        case .send:
            return try await send(transaction, request: request, order: order)
        case .record(.done):
            if let entry { Self.take(entry, into: &transaction) }
            return try await recordDone(transaction, order: order, live: try? await readOrder(order))
        case .record(let state):
            // Rejected only after a 409 whose movement is not there (that 409 was the verdict);
            // otherwise the list could not be read, and the outcome stays as little known as it was.
            let problem = unreadable ?? conflict ?? BackendProblem.internalError()
            throw try await record(&transaction, state, problem: problem)
        case .replay, .stillInFlight, .takeOverAndLookUp, .lookUp:
            throw BackendProblem.internalError()
        }
    }

    /// Sends the recorded transaction to the operation Swedbank Pay offers on the order now, and
    /// records what came of it.
    private func send(
        _ transaction: StoredTransaction, request: AdminTransactionRequest, order: StoredOrder
    ) async throws -> Response {
        var transaction = transaction
        let current: SwedbankPaySDK.JSONObject
        do {
            current = try await readOrder(order)
        } catch {
            // Nothing was sent: the order could not be read.
            throw try await record(&transaction, .notSent(verdict: false), problem: error)
        }
        let paymentOrder = current["paymentOrder"]?.objectValue ?? [:]
        guard let href = PaymentOrderRoutes.operationHref(current, rels: transaction.kind.rels),
            services.swedbankPay.isOnOrigin(href)
        else {
            let refusal = BackendProblem.conflict(
                "Swedbank Pay offers no \(transaction.kind.rawValue) for this payment order now (status \(paymentOrder["status"]?.stringValue ?? "unknown"))."
            )
            throw try await record(&transaction, .notSent(verdict: true), problem: refusal)
        }
        let amounts: (amount: Int64, vatAmount: Int64)?
        do {
            amounts = try request.amounts(for: transaction.kind, order: order, paymentOrder: paymentOrder)
        } catch {
            // Swedbank Pay's remaining amount is no amount: nothing was sent.
            throw try await record(&transaction, .notSent(verdict: false), problem: error)
        }
        transaction.amount = amounts?.amount
        transaction.vatAmount = amounts?.vatAmount
        let body = Self.movement(transaction, amounts: amounts, orderItems: request.orderItems)
        let answer: SwedbankPayClient.Answer
        do {
            answer = try await services.swedbankPay.send(.POST, href, body: .object(["transaction": .object(body)]))
        } catch {
            let said = TransactionDecision.answer(
                status: error.status, isSwedbankPays: !Self.gatewayTypes.contains(error.type))
            switch TransactionDecision.decide(.answered(said), window: abandonment) {
            case .lookUp:
                return try await resolve(
                    transaction, request: request, order: order, mayHaveBeenSent: true, conflict: error)
            case .record(let state):
                throw try await record(&transaction, state, problem: error)
            case .replay, .stillInFlight, .takeOverAndLookUp, .send:
                throw BackendProblem.internalError()
            }
        }
        var live = answer.object
        if let status = live["paymentOrder"]?.objectValue?["status"]?.stringValue {
            try? await services.store.updateStatus(
                id: order.id, status: OrderStatus(rawValue: status), now: services.clock.milliseconds)
        } else if let read = try? await readOrder(order) {
            // Checkout v2 answers a movement with `{payment, capture: {id, transaction}}`, without
            // the order: its status and remaining amounts come from reading it again (which
            // records the status). Unread, the answer shows the stored ones.
            live = read
        }
        if let entry = try? await financialTransaction(of: transaction, order: order) {
            Self.take(entry, into: &transaction)
        }
        return try await recordDone(transaction, order: order, live: live)
    }

    /// What is sent to Swedbank Pay: `{"description", "payeeReference", "amount"?, "vatAmount"?, "orderItems"?}`.
    private static func movement(
        _ transaction: StoredTransaction, amounts: (amount: Int64, vatAmount: Int64)?,
        orderItems: SwedbankPaySDK.JSONValue?
    ) -> SwedbankPaySDK.JSONObject {
        var body: SwedbankPaySDK.JSONObject = [
            "description": .string(transaction.description), "payeeReference": .string(transaction.payeeReference),
        ]
        if let amounts {
            body["amount"] = .integer(amounts.amount)
            body["vatAmount"] = .integer(amounts.vatAmount)
        }
        if let orderItems { body["orderItems"] = orderItems }
        return body
    }

    /// Records the transaction `done` and answers 201 `{"transaction", "paymentOrder"}`, the order
    /// with `live`'s status and remaining amounts.
    private func recordDone(_ transaction: StoredTransaction, order: StoredOrder, live: SwedbankPaySDK.JSONObject?)
        async throws -> Response
    {
        var transaction = transaction
        transaction.state = .done
        transaction.updatedAt = services.clock.milliseconds
        // Recorded done before the answer is built, so the answer's list shows it done.
        try await transactions.finish(transaction)
        let response: SwedbankPaySDK.JSONValue = .object([
            "transaction": Self.json(transaction), "paymentOrder": try await document(order, live: live),
        ])
        transaction.responseStatus = 201
        transaction.responseBody = response.jsonText
        transaction.updatedAt = services.clock.milliseconds
        try await transactions.finish(transaction)
        return BackendResponse.json(response, status: 201)
    }

    /// Records the transaction in `state` and returns the problem its request is answered with:
    /// `problem` itself, or for `unknown` the outcome-unknown problem (kept for no replay: a repeat
    /// resolves it). A refusal is kept for the replay.
    private func record(
        _ transaction: inout StoredTransaction, _ state: StoredTransaction.State, problem: BackendProblem
    )
        async throws -> BackendProblem
    {
        let answered = state == .unknown ? BackendProblem.outcomeUnknown(transaction, cause: problem) : problem
        transaction.state = state
        transaction.responseStatus = state == .rejected ? answered.status : nil
        transaction.responseBody =
            state == .rejected ? SwedbankPaySDK.JSONValue.object(answered.document).jsonText : nil
        transaction.updatedAt = services.clock.milliseconds
        try await transactions.finish(transaction)
        return answered
    }

    /// ``record(_:_:problem:)`` in the state ``TransactionDecision`` gives `event`.
    private func record(_ transaction: inout StoredTransaction, _ event: TransactionDecision.Event, problem: any Error)
        async throws -> BackendProblem
    {
        guard case .record(let state) = TransactionDecision.decide(event, window: abandonment),
            let problem = problem as? BackendProblem
        else { return BackendProblem.internalError() }
        return try await record(&transaction, state, problem: problem)
    }

    /// The backend's own problems for a call that got no usable answer: no verdict of Swedbank Pay's.
    private static let gatewayTypes = [
        SwedbankPaySDK.ProblemTypeURI.mobileSDKBadGateway, SwedbankPaySDK.ProblemTypeURI.mobileSDKGatewayTimeout,
    ]

    /// The order's financial transaction with this transaction's payee reference, or nil when
    /// Swedbank Pay lists none; throws when the list cannot be read.
    private func financialTransaction(of transaction: StoredTransaction, order: StoredOrder)
        async throws(BackendProblem)
        -> SwedbankPaySDK.JSONObject?
    {
        guard let pspID = order.pspID else { return nil }
        let answer = try await services.swedbankPay.send(
            .GET, services.swedbankPay.url(pspID + "/financialtransactions"))
        guard
            let list = answer.object["financialTransactions"]?.objectValue?["financialTransactionsList"]?.arrayValue
        else {
            throw BackendProblem.invalidResponse(
                "Swedbank Pay's financial transactions have no financialTransactionsList.",
                gatewayStatus: answer.status, body: String(decoding: answer.body.prefix(4_096), as: UTF8.self))
        }
        return list.compactMap(\.objectValue).last { $0["payeeReference"]?.stringValue == transaction.payeeReference }
    }

    /// Swedbank Pay's id, number and amounts of the transaction, from its financial transaction.
    private static func take(_ entry: SwedbankPaySDK.JSONObject, into transaction: inout StoredTransaction) {
        transaction.pspTransactionID = entry["id"]?.stringValue
        transaction.pspNumber = entry["number"]?.integerValue
        if transaction.amount == nil { transaction.amount = entry["amount"]?.integerValue }
        if transaction.vatAmount == nil { transaction.vatAmount = entry["vatAmount"]?.integerValue }
    }
}
