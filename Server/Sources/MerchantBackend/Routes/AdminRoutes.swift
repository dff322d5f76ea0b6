import Foundation
import Hummingbird
import ServerSupport
import SwedbankPaySDK

/// The merchant's own API (`/admin/…`, behind ``AdminAuthMiddleware``, only when admin keys are
/// configured): every user's orders, and the money after a payment — capture (all or part,
/// optionally with order items), cancel what remains authorized, reverse (all or part).
///
/// A transaction is recorded before Swedbank Pay is called, with a payee reference of its own; a
/// retry with the same `Idempotency-Key` gets the first answer, so money never moves twice. The
/// operation is taken from the order as Swedbank Pay describes it (its `capture` / `cancel` /
/// `reversal` rel, or v2's `create-paymentorder-…`), and only at the configured Swedbank Pay origin.
struct AdminRoutes {
    let services: BackendServices
    let transactions: TransactionStore

    static let prefix = "/admin/paymentorders"

    func register(admin: RouterGroup<BackendRequestContext>) {
        admin.get(RouterPath(Self.prefix)) { request, _ in try await list(request) }
        // `:id` is the backend's order id or the GUID of the order's Swedbank Pay id.
        admin.get(RouterPath(Self.prefix + "/:id")) { _, context in
            let order = try await order(try context.parameters.require("id"))
            return BackendResponse.json(try await document(order, live: try? await readOrder(order)))
        }
        for kind in StoredTransaction.Kind.allCases {
            admin.post(RouterPath(Self.prefix + "/:id/" + kind.collection)) { request, context in
                let order = try await order(try context.parameters.require("id"))
                let body = try await services.body.object(request, allowEmpty: true)
                return try await transact(
                    kind, on: order, body: body, idempotencyKey: request.headers.value(PaymentOrderCreation.keyHeader))
            }
        }
    }

    // MARK: Reading

    private func list(_ request: Request) async throws -> Response {
        let limitText = request.uri.queryParameters["limit"].map(String.init) ?? "100"
        guard let limit = Int(limitText), (1...1_000).contains(limit) else {
            throw BackendProblem.badRequest(
                "limit must be from 1 to 1000.", problems: [("limit", "Must be an integer from 1 to 1000.")])
        }
        let orders = try await services.store.newest(limit: limit)
        return BackendResponse.json(
            .object(["paymentOrders": .array(orders.map { PaymentOrderRoutes.document($0, checkedNow: false) })]))
    }

    /// The order by the backend's id, or by the GUID of its Swedbank Pay id.
    private func order(_ segment: String) async throws -> StoredOrder {
        // A GUID either way; anything else is 404 before the database is asked.
        guard let id = Identifier.fromPathSegment(segment[...], as: .guid) else {
            throw BackendProblem.notFound("No payment order has that id.")
        }
        if let found = try await services.store.find(id: id) { return found }
        if let found = try await services.store.find(pspID: "/psp/paymentorders/" + id) { return found }
        throw BackendProblem.notFound("No payment order \(id).")
    }

    /// The order at Swedbank Pay (its status is recorded on the way).
    private func readOrder(_ order: StoredOrder) async throws -> SwedbankPaySDK.JSONObject {
        guard let pspID = order.pspID else {
            throw BackendProblem.conflict("The payment order was never created at Swedbank Pay.")
        }
        let answer = try await services.swedbankPay.send(.GET, services.swedbankPay.url(pspID))
        if let status = answer.object["paymentOrder"]?.objectValue?["status"]?.stringValue {
            try? await services.store.updateStatus(
                id: order.id, status: OrderStatus(rawValue: status), now: services.clock.milliseconds)
        }
        return answer.object
    }

    /// The order, its transactions, and — when Swedbank Pay answered — its live status and
    /// remaining amounts.
    private func document(_ order: StoredOrder, live: SwedbankPaySDK.JSONObject?) async throws
        -> SwedbankPaySDK.JSONValue
    {
        guard case .object(var object) = PaymentOrderRoutes.document(order, checkedNow: live != nil) else {
            return .null
        }
        if let paymentOrder = live?["paymentOrder"]?.objectValue {
            if let status = paymentOrder["status"] { object["status"] = status }
            for name in ["remainingCaptureAmount", "remainingCancellationAmount", "remainingReversalAmount"] {
                if let value = paymentOrder[name] { object[name] = value }
            }
        }
        object["transactions"] = .array(try await transactions.all(orderID: order.id).map(Self.json))
        return .object(object)
    }

    static func json(_ transaction: StoredTransaction) -> SwedbankPaySDK.JSONValue {
        var object: SwedbankPaySDK.JSONObject = [
            "id": .string(transaction.id), "kind": .string(transaction.kind.rawValue),
            "state": .string(transaction.state.rawValue), "payeeReference": .string(transaction.payeeReference),
            "description": .string(transaction.description),
            "created": .string(UTCTimestamp.format(milliseconds: transaction.createdAt)),
        ]
        object["amount"] = transaction.amount.map { .integer($0) } ?? .null
        object["vatAmount"] = transaction.vatAmount.map { .integer($0) } ?? .null
        if let id = transaction.pspTransactionID { object["swedbankPayTransaction"] = .string(id) }
        if let number = transaction.pspNumber { object["number"] = .integer(number) }
        return .object(object)
    }

    // MARK: Moving money

    private func transact(
        _ kind: StoredTransaction.Kind, on order: StoredOrder, body: SwedbankPaySDK.JSONObject, idempotencyKey: String?
    ) async throws -> Response {
        try IdempotencyKey.check(idempotencyKey, maxLength: services.configuration.maxIdempotencyKeyLength)
        let request = try AdminTransactionRequest.parse(body, kind: kind)
        guard order.pspID != nil else {
            throw BackendProblem.conflict("The payment order was never created at Swedbank Pay.")
        }
        let now = services.clock.milliseconds
        let transaction = StoredTransaction(
            id: BackendIDs.orderID(now: services.clock.date), orderID: order.id, kind: kind,
            idempotencyKey: idempotencyKey,
            requestHash: RequestFingerprint.of(.object(body)),
            payeeReference: BackendIDs.payeeReference(now: services.clock.date),
            amount: request.amount, vatAmount: request.vatAmount, description: request.description, state: .pending,
            pspTransactionID: nil, pspNumber: nil, responseStatus: nil, responseBody: nil, createdAt: now,
            updatedAt: now)
        switch try await transactions.reserve(transaction) {
        case .recorded(let recorded):
            return try await call(recorded, request: request, order: order)
        case .existing(let existing):
            guard existing.requestHash == transaction.requestHash, existing.kind == kind else {
                throw BackendProblem.badRequest(
                    "The Idempotency-Key was used before with a different request.", status: 422)
            }
            switch existing.state {
            case .done, .rejected:
                guard let status = existing.responseStatus, let body = existing.responseBody else {
                    throw BackendProblem.internalError()
                }
                return BackendResponse.raw(
                    Data(body.utf8), status: status,
                    contentType: status < 300 ? "application/json" : "application/problem+json")
            case .failed:
                guard let claimed = try await transactions.claim(existing, now: services.clock.milliseconds) else {
                    throw BackendProblem.conflict("A request with this Idempotency-Key is still being processed.")
                        .stillInFlight()
                }
                return try await call(claimed, request: request, order: order)
            case .pending:
                throw BackendProblem.conflict("A request with this Idempotency-Key is still being processed.")
                    .stillInFlight()
            }
        }
    }

    /// Calls Swedbank Pay for a recorded transaction and records what came of it.
    private func call(
        _ transaction: StoredTransaction, request: AdminTransactionRequest, order: StoredOrder
    ) async throws -> Response {
        var transaction = transaction
        do {
            let current = try await readOrder(order)
            let paymentOrder = current["paymentOrder"]?.objectValue ?? [:]
            guard let href = PaymentOrderRoutes.operationHref(current, rels: transaction.kind.rels),
                services.swedbankPay.isOnOrigin(href)
            else {
                throw BackendProblem.conflict(
                    "Swedbank Pay offers no \(transaction.kind.rawValue) for this payment order now (status \(paymentOrder["status"]?.stringValue ?? "unknown"))."
                )
            }
            let amounts = try request.amounts(for: transaction.kind, order: order, paymentOrder: paymentOrder)
            transaction.amount = amounts?.amount
            transaction.vatAmount = amounts?.vatAmount
            var body: SwedbankPaySDK.JSONObject = [
                "description": .string(transaction.description), "payeeReference": .string(transaction.payeeReference),
            ]
            if let amounts {
                body["amount"] = .integer(amounts.amount)
                body["vatAmount"] = .integer(amounts.vatAmount)
            }
            if let items = request.orderItems { body["orderItems"] = items }
            let answer = try await services.swedbankPay.send(.POST, href, body: .object(["transaction": .object(body)]))
            if let status = answer.object["paymentOrder"]?.objectValue?["status"]?.stringValue {
                try? await services.store.updateStatus(
                    id: order.id, status: OrderStatus(rawValue: status), now: services.clock.milliseconds)
            }
            try await identify(&transaction, order: order)
            transaction.state = .done
            transaction.updatedAt = services.clock.milliseconds
            // Recorded done before the answer is built, so the answer's list shows it done.
            try await transactions.finish(transaction)
            let document = try await document(order, live: answer.object)
            let response: SwedbankPaySDK.JSONValue = .object([
                "transaction": Self.json(transaction), "paymentOrder": document,
            ])
            transaction.responseStatus = 201
            transaction.responseBody = response.jsonText
            transaction.updatedAt = services.clock.milliseconds
            try await transactions.finish(transaction)
            return BackendResponse.json(response, status: 201)
        } catch let problem as BackendProblem {
            // A problem Swedbank Pay answered (4xx) or a refusal here is a verdict; anything else
            // (timeout, no connection, 5xx) may be tried again with the same key.
            let verdict = (400..<500).contains(problem.status)
            transaction.state = verdict ? .rejected : .failed
            transaction.responseStatus = problem.status
            transaction.responseBody = SwedbankPaySDK.JSONValue.object(problem.document).jsonText
            transaction.updatedAt = services.clock.milliseconds
            try? await transactions.finish(transaction)
            throw problem
        }
    }

    /// Finds the transaction Swedbank Pay made, by its payee reference, for its id and number.
    private func identify(_ transaction: inout StoredTransaction, order: StoredOrder) async throws {
        guard let pspID = order.pspID,
            let answer = try? await services.swedbankPay.send(
                .GET, services.swedbankPay.url(pspID + "/financialtransactions"))
        else { return }
        let list = answer.object["financialTransactions"]?.objectValue?["financialTransactionsList"]?.arrayValue ?? []
        guard
            let entry = list.compactMap(\.objectValue).last(where: {
                $0["payeeReference"]?.stringValue == transaction.payeeReference
            })
        else { return }
        transaction.pspTransactionID = entry["id"]?.stringValue
        transaction.pspNumber = entry["number"]?.integerValue
        if transaction.amount == nil { transaction.amount = entry["amount"]?.integerValue }
        if transaction.vatAmount == nil { transaction.vatAmount = entry["vatAmount"]?.integerValue }
    }
}
