#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import ServerSupport
import SwedbankPaySDK

/// The merchant's payment order API: create (`POST /psp/paymentorders`), read
/// (`GET /psp/paymentorders/<id>`, `$expand`, sub-resources) and change
/// (`PATCH /psp/paymentorders/<id>`).
struct PaymentOrderRoutes: SandboxModule {
    let services: SandboxServices

    func register(merchant: RouterGroup<SandboxRequestContext>, open: Router<SandboxRequestContext>) {
        // The router treats a trailing slash as the same path, so `/psp/paymentorders/` lands here too.
        // The payment order API's input errors are `paymentorders/inputerror`, as the portal documents.
        merchant.post("/psp/paymentorders") { request, context in
            try await SandboxProblem.scoping(to: .paymentorders) { try await create(request, notes: context.notes) }
        }
        merchant.get("/psp/paymentorders/:id") { request, context in
            try await show(request, id: context.pathOrderID())
        }
        merchant.get("/psp/paymentorders/:id/:resource") { _, context in
            try await showSubResource(id: context.pathOrderID(), context.parameters.require("resource"))
        }
        // The router does not fall back from a constant segment to a parameter, so the list that
        // the transactions' own route shadows is registered by name as well.
        merchant.get("/psp/paymentorders/:id/financialtransactions") { _, context in
            try await showSubResource(id: context.pathOrderID(), "financialtransactions")
        }
        merchant.get("/psp/paymentorders/:id/financialtransactions/:transaction") { _, context in
            try await transactionPart(context, PaymentOrderSubResource.transaction)
        }
        merchant.get("/psp/paymentorders/:id/financialtransactions/:transaction/orderitems") { _, context in
            try await transactionPart(context, PaymentOrderSubResource.transactionOrderItems)
        }
        merchant.patch("/psp/paymentorders/:id") { request, context in
            try await SandboxProblem.scoping(to: .paymentorders) {
                try await update(request, id: context.pathOrderID(), notes: context.notes)
            }
        }
        for (path, kind) in Self.postPurchasePaths {
            merchant.post("/psp/paymentorders/:id/\(path)") { request, context in
                try await SandboxProblem.scoping(to: .paymentorders) {
                    try await postPurchase(request, id: context.pathOrderID(), kind: kind, notes: context.notes)
                }
            }
        }
    }

    func reset() async {}

    /// A request's JSON body as the real service reads it: what it takes beyond its documentation
    /// converted, each conversion a warning in the request log (``RealServiceLeniency``); as sent
    /// under `strict`.
    private func body(_ request: Request, notes: RequestNotes) async throws -> SwedbankPaySDK.JSONObject {
        let body = try await RequestJSON.object(request, limit: services.configuration.maxRequestBodyBytes)
        guard !services.settings.values.strict else { return body }
        let lenient = RealServiceLeniency.apply(to: body)
        notes.warn(lenient.warnings)
        return lenient.body
    }

    private func create(_ request: Request, notes: RequestNotes) async throws -> Response {
        let body = try await body(request, notes: notes)
        let facts = PaymentOrderFactory.RequestFacts(
            contentType: request.headers.value(.contentType), accept: request.headers.value(.accept),
            userAgent: request.headers.value(.userAgent))
        var record = try PaymentOrderFactory.makeRecord(
            body: body, facts: facts, configuration: services.configuration, ids: services.ids, now: services.date)
        if let initiated = record.serverInitiated {
            if record.isPayout {
                try await requireToken(initiated, instruments: SandboxInstrument.payout)
            } else {
                try await payWithToken(&record, initiated)
            }
        }
        guard await services.store.insert(record) else {
            throw SandboxProblem.conflict(
                "The payeeReference \(record.order.payeeInfo.payeeReference) is already used by another payment order of payee \(record.order.payeeInfo.payeeId)."
            )
        }
        if record.isPayout {
            // Answered as created (`Initialized`, as the portal shows it), paid out right after:
            // the next GET shows it Paid, and the callback says so.
            let now = services.date
            let paidOut = try await services.store.updateOrder(id: record.id) { stored -> PaymentOrderRecord in
                try? stored.payOut(now: now)
                return stored
            }
            if let paidOut { services.callbacks.orderChanged(paidOut) }
        } else if record.serverInitiated != nil {
            services.callbacks.orderChanged(record)
        }
        // 200, as 21 of the portal's 23 create examples show it (v2 and v3 alike; two v2 pages say 201).
        return respond(record, request)
    }

    private func show(_ request: Request, id: String) async throws -> Response {
        respond(try await order(id), request)
    }

    private func showSubResource(id: String, _ name: String) async throws -> Response {
        let record = try await order(id)
        if let v2 = V2Resources.render(name, of: record) {
            return JSONResponse.make(.object(v2), apiVersion: record.apiVersion)
        }
        guard let resource = PaymentOrderSubResource(pathName: name) else {
            throw SandboxProblem.notFound("The payment order has no sub-resource \(name).")
        }
        return JSONResponse.make(
            .object(PaymentOrderDocument.subResource(resource, of: record)), apiVersion: record.apiVersion)
    }

    private func update(_ request: Request, id: String, notes: RequestNotes) async throws -> Response {
        let body = try await body(request, notes: notes)
        let change = try PaymentOrderUpdate.parse(body)
        let now = services.date
        let updated = try await services.store.updateOrder(id: id) { record in
            try change.apply(to: &record, now: now)
            return record
        }
        guard let record = updated else { throw SandboxProblem.notFound("No payment order \(id).") }
        if change.changesStatus { services.callbacks.orderChanged(record) }
        return respond(record, request, expanding: change.answerExpands)
    }

    /// Pays a server-initiated order at once with the token it names: a card authorization, as a
    /// merchant-initiated transaction. An unknown token is the portal's 404 problem, a deleted one its 422
    /// `paymenttokeninactive`.
    private func payWithToken(_ record: inout PaymentOrderRecord, _ initiated: PaymentOrderRecord.ServerInitiated)
        async throws
    {
        let token = try await requireToken(initiated, instruments: [.creditCard])
        let now = services.date
        do {
            let number = try record.startAttempt(instrument: token.instrument, now: now)
            // The card test amounts decline a merchant-initiated payment too; with no payer to
            // retry, its only attempt failing fails the order.
            if let problem = record.takeAttemptProblem(token.instrument) {
                try record.failServerInitiated(
                    instrument: token.instrument, number: number, problem: problem.document, now: now)
                return
            }
            try record.markPaid(
                instrument: token.instrument, number: number, transactionType: .authorization,
                details: [
                    "cardBrand": token.cardBrand, "maskedPan": token.maskedPan, "expiryDate": token.expiryDate,
                    "transactionInitiator": "MERCHANT",
                ], now: now)
        } catch {
            throw SandboxProblem.forbidden(
                "The token's instrument \(token.instrument.rawValue) is not available for this payment order.")
        }
    }

    /// The issued token a server-initiated order names. An unknown or deleted token is the portal's
    /// 404 problem; a token of another instrument (a card's for a payout, a bank account's for a
    /// purchase) a 403 naming it.
    @discardableResult
    private func requireToken(_ initiated: PaymentOrderRecord.ServerInitiated, instruments: [SandboxInstrument])
        async throws
        -> IssuedToken
    {
        let name = initiated.tokenType.listedName + "Token"
        guard let token = await services.store.issuedEvenIfDeleted(initiated.token), token.type == initiated.tokenType
        else {
            throw SandboxProblem(
                type: ProblemTypes.scoped(
                    SwedbankPaySDK.SwedbankPayProblemType.inputError.rawValue, to: .paymentorders),
                title: "Error in input data",
                status: 404,
                detail: "Input validation failed, error description in problems node!",
                problems: [(name, "The given \(name) does not exist.")])
        }
        // The portal's "Token Problems": a token that exists but was deleted is inactive.
        guard !token.deleted else {
            throw SandboxProblem(
                type: ProblemTypes.errorDetail(ProblemTypes.paymentTokenInactive),
                title: "Payment token is inactive", status: 422, detail: "The given \(name) is inactive.",
                problems: [(name, "The given \(name) is inactive.")])
        }
        guard instruments.contains(token.instrument) else {
            throw SandboxProblem.forbidden(
                "The \(name) was saved by \(token.instrument.rawValue); a \(initiated.operation.rawValue) needs one saved by \(instruments.map(\.rawValue).joined(separator: " or "))."
            )
        }
        return token
    }

    /// The collections a merchant POSTs a capture, cancellation or reversal to.
    static let postPurchasePaths: [(String, FinancialTransaction.Kind)] = [
        ("captures", .capture), ("cancellations", .cancellation), ("reversals", .reversal),
    ]

    /// A financial transaction of the order, or one of its parts: 404 when the order has none
    /// with the path's GUID.
    private func transactionPart(
        _ context: SandboxRequestContext,
        _ part: (PaymentOrderRecord, String) -> SwedbankPaySDK.JSONObject?
    ) async throws -> Response {
        let record = try await order(context.pathOrderID())
        guard let object = part(record, try context.parameters.require("transaction")) else {
            throw SandboxProblem.notFound("The payment order has no such financial transaction.")
        }
        return JSONResponse.make(SwedbankPaySDK.JSONValue.object(object), apiVersion: record.apiVersion)
    }

    private func postPurchase(
        _ request: Request, id: String, kind: FinancialTransaction.Kind, notes: RequestNotes
    ) async throws -> Response {
        let body = try await body(request, notes: notes)
        let change = try PostPurchaseBody.parse(body, kind: kind)
        let guid = services.ids.guid()
        let now = services.date
        // A refusal is recorded on the order (postPurchaseFailedAttempts), then answered.
        let updated = try await services.store.updateOrder(id: id) { record -> (PaymentOrderRecord, SandboxProblem?) in
            switch Result(catching: { () throws(PaymentOrderRecord.PostPurchaseError) in
                try record.apply(change, guid: guid, now: now)
            }) {
            case .success:
                return (record, nil)
            case .failure(let error):
                let problem = Self.problem(error, record: record).scoped(to: .paymentorders)
                record.postPurchaseFailures.append(
                    PostPurchaseFailure(
                        created: now, kind: kind, number: record.nextAttemptNumber, problem: problem.document))
                record.nextAttemptNumber += 1
                return (record, problem)
            }
        }
        guard let (record, refusal) = updated else { throw SandboxProblem.notFound("No payment order \(id).") }
        if let refusal { throw refusal }
        services.callbacks.orderChanged(record)
        // v2 answers with the transaction made (its pages' shape), v3 with the whole order.
        if !record.isV3, let made = record.transactions.last(where: { $0.guid == guid }) {
            return JSONResponse.make(.object(V2Resources.postPurchase(made, of: record)), apiVersion: record.apiVersion)
        }
        return respond(record, request)
    }

    /// The problem a refused capture, cancellation or reversal answers with.
    static func problem(_ error: PaymentOrderRecord.PostPurchaseError, record: PaymentOrderRecord) -> SandboxProblem {
        switch error {
        case .notAvailable(let kind, let status):
            let what = kind.rawValue.lowercased()
            let why =
                status != .paid
                ? "the payment order is \(status.rawValue), not Paid"
                : kind == .reversal ? "nothing captured remains to reverse" : "nothing authorized remains"
            return .forbidden("A \(what) is not possible: \(why).")
        case .exceedsRemaining(let requested, let remaining):
            return .inputError(
                "The amount is larger than what remains.",
                problems: [("transaction.amount", "The amount \(requested) is larger than the remaining \(remaining).")]
            )
        case .vatExceedsAmount:
            return .inputError(
                "The VAT amount is larger than the amount.",
                problems: [("transaction.vatAmount", "The field must not be larger than amount.")])
        case .payeeReferenceUsed(let reference):
            return .conflict(
                "The payeeReference \(reference) is already used by another transaction of this payment order.")
        }
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

    /// The full order with its operations, honouring `$expand` and inlining `expanding` as well.
    private func respond(
        _ record: PaymentOrderRecord, _ request: Request, status: Int = 200,
        expanding: Set<PaymentOrderSubResource> = []
    ) -> Response {
        let expand = PaymentOrderSubResource.expansion(Self.expandParameter(request)).union(expanding)
        let operations = PaymentOrderOperations.operations(
            for: record, base: services.urls(for: request), traceId: services.ids.traceId())
        return JSONResponse.make(
            .object(PaymentOrderDocument.render(record, expand: expand, operations: operations)), status: status,
            apiVersion: record.apiVersion)
    }
}
#endif
