import Foundation
import Hummingbird
import SwedbankPaySDK

/// The merchant's payment order API: create (`POST /psp/paymentorders`), read
/// (`GET /psp/paymentorders/<id>`, `$expand`, sub-resources) and change
/// (`PATCH /psp/paymentorders/<id>`).
struct PaymentOrderRoutes: SandboxModule {
    let services: SandboxServices

    func register(merchant: RouterGroup<SandboxRequestContext>, open: Router<SandboxRequestContext>) {
        // The router treats a trailing slash as the same path, so `/psp/paymentorders/` lands here too.
        merchant.post("/psp/paymentorders") { request, context in try await create(request, notes: context.notes) }
        merchant.get("/psp/paymentorders/:id") { request, context in
            try await show(request, id: context.parameters.require("id"))
        }
        merchant.get("/psp/paymentorders/:id/:resource") { _, context in
            try await showSubResource(id: context.parameters.require("id"), context.parameters.require("resource"))
        }
        merchant.patch("/psp/paymentorders/:id") { request, context in
            try await update(request, id: context.parameters.require("id"))
        }
    }

    func reset() async {}

    private func create(_ request: Request, notes: RequestNotes) async throws -> Response {
        var body = try await RequestJSON.object(request, limit: services.configuration.maxRequestBodyBytes)
        if !services.settings.values.strict {
            let lenient = RealServiceLeniency.apply(to: body)
            body = lenient.body
            notes.warn(lenient.warnings)
        }
        let facts = PaymentOrderFactory.RequestFacts(
            contentType: request.headers[.contentType], accept: request.headers[.accept],
            userAgent: request.headers[.userAgent])
        let record = try PaymentOrderFactory.makeRecord(
            body: body, facts: facts, configuration: services.configuration, ids: services.ids, now: Date())
        guard await services.store.insert(record) else {
            throw SandboxProblem.conflict(
                "The payeeReference \(record.order.payeeInfo.payeeReference) is already used by another payment order of payee \(record.order.payeeInfo.payeeId)."
            )
        }
        // 201: the order is a new resource (the v2 and mobile SDK pages say so; both SDKs accept 200 too).
        return respond(record, request, status: 201)
    }

    private func show(_ request: Request, id: String) async throws -> Response {
        respond(try await order(id), request)
    }

    private func showSubResource(id: String, _ name: String) async throws -> Response {
        let record = try await order(id)
        guard let resource = PaymentOrderSubResource(pathName: name) else {
            throw SandboxProblem.notFound("The payment order has no sub-resource \(name).")
        }
        return JSONResponse.make(
            SwedbankPaySDK.JSONValue.object(PaymentOrderDocument.subResource(resource, of: record)))
    }

    private func update(_ request: Request, id: String) async throws -> Response {
        let body = try await RequestJSON.object(request, limit: services.configuration.maxRequestBodyBytes)
        let change = try PaymentOrderUpdate.parse(body)
        let now = Date()
        let updated = try await services.store.updateOrder(id: id) { record in
            try change.apply(to: &record, now: now)
            return record
        }
        guard let record = updated else { throw SandboxProblem.notFound("No payment order \(id).") }
        if change.changesStatus { services.callbacks.orderChanged(record) }
        return respond(record, request)
    }

    private func order(_ id: String) async throws -> PaymentOrderRecord {
        guard let record = await services.store.order(id: id) else {
            throw SandboxProblem.notFound("No payment order \(id).")
        }
        return record
    }

    /// The `$expand` query parameter; clients may percent-encode the `$` (`%24expand`).
    static func expandParameter(_ request: Request) -> String? {
        for (key, value) in request.uri.queryParameters
        where (key.removingPercentEncoding ?? String(key)) == "$expand" {
            return value.removingPercentEncoding ?? String(value)
        }
        return nil
    }

    /// The full order with its operations, honouring `$expand`.
    private func respond(_ record: PaymentOrderRecord, _ request: Request, status: Int = 200) -> Response {
        let expand = PaymentOrderSubResource.expansion(Self.expandParameter(request))
        let operations = PaymentOrderOperations.operations(
            for: record, base: services.urls(for: request), traceId: services.ids.traceId())
        return JSONResponse.make(
            SwedbankPaySDK.JSONValue.object(
                PaymentOrderDocument.render(record, expand: expand, operations: operations)),
            status: status)
    }
}
