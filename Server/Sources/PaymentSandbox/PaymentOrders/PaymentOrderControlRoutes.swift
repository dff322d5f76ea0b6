#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import SwedbankPaySDK

/// Control routes for people and tests (no merchant token; behind ``ControlAccessMiddleware``):
/// `GET /sandbox/paymentorders` lists the orders, `POST /sandbox/paymentorders/<id>/pay` moves one
/// as a payer would, `POST /sandbox/paymentorders/<id>/problem` makes the next attempt with an
/// instrument end with a documented problem, `POST /sandbox/paymentorders/<id>/callback` sends its
/// callback again, and `GET /sandbox/problems` lists the documented problems.
struct PaymentOrderControlRoutes: SandboxModule {
    let services: SandboxServices

    func register(merchant: RouterGroup<SandboxRequestContext>, open: Router<SandboxRequestContext>) {
        let open = open.controlGroup(services.configuration)
        open.get("/sandbox/paymentorders") { _, _ in
            let orders = await services.store.allOrders().sorted {
                ($0.created, $0.sequence) < ($1.created, $1.sequence)
            }
            return JSONResponse.make(
                SwedbankPaySDK.JSONValue.object(["paymentOrders": .array(orders.map { .object(Self.summary($0)) })]))
        }
        open.post("/sandbox/paymentorders/:id/pay") { request, context in
            try await pay(request, id: context.pathOrderID())
        }
        open.post("/sandbox/paymentorders/:id/problem") { request, context in
            try await arm(request, id: context.pathOrderID())
        }
        open.get("/sandbox/problems") { _, _ in
            JSONResponse.make(
                SwedbankPaySDK.JSONValue.object([
                    "lists": .array(ProblemCatalogue.tables.map { .object($0.json) }),
                    "count": .integer(Int64(ProblemCatalogue.count)),
                ]))
        }
        // Like `stripe trigger`: the order's callback once more, as it is now, with the usual retries.
        open.post("/sandbox/paymentorders/:id/callback") { _, context in
            let id = try context.pathOrderID()
            guard let record = await services.store.order(id: id) else {
                throw SandboxProblem.notFound("No payment order \(id).")
            }
            guard let url = record.order.urls.callbackUrl else {
                throw SandboxProblem.conflict("The payment order has no urls.callbackUrl to call back.")
            }
            services.callbacks.orderChanged(record)
            return JSONResponse.make(
                SwedbankPaySDK.JSONValue.object([
                    "paymentOrder": .string(record.path), "callbackUrl": .string(url.absoluteString),
                    "body": .object(CallbackDispatcher.body(for: record)),
                ]), status: 202)
        }
    }

    func reset() async {}

    /// One line of the listing.
    static func summary(_ record: PaymentOrderRecord) -> SwedbankPaySDK.JSONObject {
        [
            "id": .string(record.path), "status": .string(record.status.rawValue),
            "amount": .integer(record.order.amount), "currency": .string(record.order.currency),
            "payeeReference": .string(record.order.payeeInfo.payeeReference),
            "created": .string(PSPTimestamp.format(record.created)), "version": .string(record.isV3 ? "3" : "2"),
        ]
    }

    /// `{"instrument"?, "problem"}`: the next attempt with the instrument (the order's first when
    /// not named) ends with the problem when it is settled, however the payer pays.
    private func arm(_ request: Request, id: String) async throws -> Response {
        let body = try await RequestJSON.object(request, limit: services.configuration.maxRequestBodyBytes)
        let armed = try ArmedProblemRequest.parse(body)
        let updated = try await services.store.updateOrder(id: id) { record in
            try armed.apply(to: &record)
        }
        guard let (record, instrument, problem) = updated else {
            throw SandboxProblem.notFound("No payment order \(id).")
        }
        return JSONResponse.make(
            SwedbankPaySDK.JSONValue.object([
                "paymentOrder": .string(record.path), "instrument": .string(instrument.rawValue),
                "problem": .object(problem.json),
            ]))
    }

    private func pay(_ request: Request, id: String) async throws -> Response {
        let body = try await RequestJSON.object(
            request, limit: services.configuration.maxRequestBodyBytes, requireBody: false)
        let payment = try SandboxPayment.parse(body)
        let ids = services.ids
        let now = services.date
        let updated = try await services.store.updateOrder(id: id) { record in
            try payment.apply(to: &record, ids: ids, now: now)
            return record
        }
        guard let record = updated else { throw SandboxProblem.notFound("No payment order \(id).") }
        if record.status == .paid {
            await PaymentTokenIssuer.saveIssuedTokens(of: record, in: services.store)
            services.callbacks.orderChanged(record)
        }
        let operations = PaymentOrderOperations.operations(
            for: record, base: services.urls(for: request), traceId: ids.traceId())
        return JSONResponse.make(
            SwedbankPaySDK.JSONValue.object(PaymentOrderDocument.render(record, expand: [], operations: operations)))
    }
}
#endif
