import Foundation
import Hummingbird
import ServerSupport
import SwedbankPaySDK

/// `POST /paymentorders` (create), `GET /paymentorders/{id}` (the merchant's own status check) and
/// `PATCH /paymentorders/{id}/setInstrument` (Checkout v2 instrument mode). Every order belongs to
/// the user who created it; another user gets 404.
struct PaymentOrderRoutes {
    let services: BackendServices
    let creation: PaymentOrderCreation
    /// Creations per app user (``BackendConfiguration/maxOrderCreationsPerUser``).
    let orderLimit: UserOrderLimiter

    func register(app: RouterGroup<BackendRequestContext>) {
        app.post("/paymentorders") { request, context in
            let user = try context.requireUser()
            try orderLimit.take(user: user)
            let body = try await services.body.appObject(request, context: context)
            return try await creation.create(
                body: body, user: user, idempotencyKey: request.headers.value(PaymentOrderCreation.keyHeader)
            ) { order in
                try await services.bindPayer(of: order, user: user)
            }
        }
        app.get("/paymentorders/:id") { _, context in
            let user = try context.requireUser()
            let id = try Self.orderReference(context)
            guard var order = try await services.store.find(reference: id, user: user) else {
                throw BackendProblem.notFound("No payment order \(id) of this user.")
            }
            var checked = false
            if order.creation == .created, !order.isFinal {
                // Callbacks can be lost; the status a merchant acts on is read from Swedbank Pay.
                if let status = try? await services.refreshStatus(of: order) {
                    order.status = status
                    checked = true
                }
            }
            return BackendResponse.json(Self.document(order, checkedNow: checked))
        }
        app.patch("/paymentorders/:id/setInstrument") { request, context in
            let user = try context.requireUser()
            let id = try Self.orderReference(context)
            let body = try await services.body.appObject(request, context: context)
            let instrument = try Self.setInstrumentBody(body)
            guard let order = try await services.store.find(reference: id, user: user), let pspID = order.pspID else {
                throw BackendProblem.notFound("No payment order \(id) of this user.")
            }
            let current = try await services.swedbankPay.send(.GET, services.swedbankPay.url(pspID))
            guard let href = Self.operationHref(current.object, rel: .updatePaymentOrderSetInstrument) else {
                throw BackendProblem.conflict("The payment order is not in instrument mode.")
            }
            let answer = try await services.swedbankPay.send(
                .PATCH, href,
                body: .object([
                    "paymentorder": .object([
                        "operation": .string(PaymentOrderUpdateOperation.setInstrument.rawValue),
                        "instrument": .string(instrument),
                    ])
                ]))
            return BackendResponse.json(.object(PaymentOrderCreation.forApp(answer.object, orderID: order.id)))
        }
    }

    /// The order the path's `id` names: our id (a GUID) or Swedbank Pay's
    /// (`/psp/paymentorders/<guid>`, which arrives as one percent-encoded segment). Anything else
    /// names no order and is 404 before the database is asked (PostgreSQL answers a NUL byte in
    /// text with an error, not a miss).
    static func orderReference(_ context: BackendRequestContext) throws -> String {
        let segment = try context.parameters.require("id")[...]
        guard
            let reference = Identifier.fromPathSegment(segment, as: .guid)
                ?? Identifier.paymentOrderPathFromPathSegment(segment)
        else {
            throw BackendProblem.notFound("No payment order of this user has that id.")
        }
        return reference
    }

    /// The merchant's view of an order.
    static func document(_ order: StoredOrder, checkedNow: Bool) -> SwedbankPaySDK.JSONValue {
        var object: SwedbankPaySDK.JSONObject = [
            "id": .string(order.id), "payeeReference": .string(order.payeeReference),
            "operation": .string(order.operation), "currency": .string(order.currency),
            "amount": .integer(order.amount), "vatAmount": .integer(order.vatAmount),
            "creation": .string(order.creation.rawValue),
            "created": .string(UTCTimestamp.format(milliseconds: order.createdAt)),
            "updated": .string(UTCTimestamp.format(milliseconds: order.updatedAt)),
            "statusCheckedWithSwedbankPay": .bool(checkedNow),
        ]
        object["status"] = order.status.map { .string($0.rawValue) } ?? .null
        object["paymentOrder"] = order.pspID.map { .string($0) } ?? .null
        if let payer = order.payerReference { object["payerReference"] = .string(payer) }
        return .object(object)
    }

    /// `{"paymentorder": {"operation": "SetInstrument", "instrument": "<name>"}}` → the instrument.
    static func setInstrumentBody(_ body: SwedbankPaySDK.JSONObject) throws(BackendProblem) -> String {
        var problems = FieldProblems()
        let order = problems.object(body, "paymentorder", at: "")
        if let order {
            if let operation = problems.string(order, "operation", at: "paymentorder"),
                operation != PaymentOrderUpdateOperation.setInstrument.rawValue
            {
                problems.add("paymentorder.operation", "Must be SetInstrument.")
            }
            let instrument = problems.string(
                order, "instrument", at: "paymentorder", maxLength: ContractLimits.instrument)
            try problems.throwIfAny("The set-instrument request is invalid.")
            return instrument ?? ""
        }
        try problems.throwIfAny("The set-instrument request is invalid.")
        return ""
    }

    /// The href of the first operation with one of `rels`, in their order.
    static func operationHref(_ document: SwedbankPaySDK.JSONObject, rels: [PaymentOrderRel]) -> String? {
        rels.lazy.compactMap { operationHref(document, rel: $0) }.first
    }

    /// The href of the operation `rel` in a Swedbank Pay document's `operations`.
    static func operationHref(_ document: SwedbankPaySDK.JSONObject, rel: PaymentOrderRel) -> String? {
        let operations = document["operations"]?.arrayValue ?? []
        return operations.lazy.compactMap(\.objectValue).first { $0["rel"]?.stringValue == rel.rawValue }?["href"]?
            .stringValue
    }
}
