import Foundation
import Hummingbird
import ServerSupport
import SwedbankPaySDK

/// The merchant's own API (`/admin/…`, behind ``AdminAuthMiddleware``, only when admin keys are
/// configured): every user's orders, and the money after a payment — capture (all or part,
/// optionally with order items), cancel what remains authorized, reverse (all or part).
///
/// A transaction is recorded before Swedbank Pay is called, with a payee reference of its own; a
/// retry with the same `Idempotency-Key` gets the first answer, or — when the first answer was
/// lost — finds out at Swedbank Pay what happened before sending anything, so money never moves
/// twice (`AdminRoutes+Transactions.swift`, decided by ``TransactionDecision``). The operation is
/// taken from the order as Swedbank Pay describes it (its `capture` / `cancel` / `reversal` rel,
/// or v2's `create-paymentorder-…`), and only at the configured Swedbank Pay origin.
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
    func readOrder(_ order: StoredOrder) async throws -> SwedbankPaySDK.JSONObject {
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
    func document(_ order: StoredOrder, live: SwedbankPaySDK.JSONObject?) async throws
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
}
