#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// A merchant's `PATCH /psp/paymentorders/<id>` (§2.6): parsed and checked from the body, then
/// applied to the record as a pure change.
enum PaymentOrderUpdate: Sendable, Equatable {
    /// `UpdateOrder`: new amounts, and optionally new lines and description.
    case updateOrder(
        amount: Int64, vatAmount: Int64, orderItems: [SwedbankPaySDK.OrderItem]?, description: String?,
        itemsAsSent: [SwedbankPaySDK.JSONValue]? = nil)
    /// `SetInstrument`: switches the instrument of an instrument-mode order.
    case setInstrument(String)
    /// `Abort`: the merchant gives up the order.
    case abort(reason: String)
    /// `PaymentAttemptAborted`: stops the running attempt; the order stays open.
    case abortAttempt(reason: String)

    static let operations = PaymentOrderUpdateOperation.allCases.map(\.rawValue)
    static let abortReasons = ["CancelledByConsumer", "CancelledByCustomer"]
    private static let prefix = "paymentorder."

    /// The operation, as the body names it.
    var operation: PaymentOrderUpdateOperation {
        switch self {
        case .updateOrder: .updateOrder
        case .setInstrument: .setInstrument
        case .abort: .abort
        case .abortAttempt: .paymentAttemptAborted
        }
    }

    /// What the answer inlines: an aborted attempt's answer shows the history and the failed
    /// attempts, as the portal's `PaymentAttemptAborted` example does.
    var answerExpands: Set<PaymentOrderSubResource> {
        if case .abortAttempt = self { return [.history, .failedAttempts] }
        return []
    }

    /// Whether applying it changes the order's status (and so warrants a callback).
    var changesStatus: Bool {
        if case .abort = self { return true }
        return false
    }

    /// Reads a PATCH body, naming every bad field.
    static func parse(_ body: SwedbankPaySDK.JSONObject) throws -> PaymentOrderUpdate {
        let order = try PaymentOrderValidator.envelope(body)
        var problems = InputProblems()
        guard let operation = problems.string(order, "operation", at: prefix, required: true) else {
            try problems.throwIfAny("The update is invalid.")
            throw SandboxProblem.inputError("The update is invalid.")
        }
        switch PaymentOrderUpdateOperation(rawValue: operation) {
        case .updateOrder?:
            PaymentOrderValidator.checkAmounts(order, at: prefix, required: true, into: &problems)
            let description = problems.text(order, "description", at: prefix, maxLength: 40)
            OrderItemsValidator.check(order["orderItems"], at: prefix + "orderItems", into: &problems)
            try problems.throwIfAny("The update is invalid.")
            let items = try OrderItemsValidator.decodable(order["orderItems"]).flatMap {
                value -> [SwedbankPaySDK.OrderItem]? in
                if case .null = value { return nil }
                return try RequestJSON.decode([SwedbankPaySDK.OrderItem].self, from: value, at: prefix + "orderItems")
            }
            return .updateOrder(
                amount: order["amount"]?.integerValue ?? 0, vatAmount: order["vatAmount"]?.integerValue ?? 0,
                orderItems: items, description: description,
                itemsAsSent: OrderItemsValidator.hasDecimalQuantity(order["orderItems"])
                    ? order["orderItems"]?.arrayValue : nil)
        case .setInstrument?:
            let instrument = problems.string(order, "instrument", at: prefix, required: true)
            try problems.throwIfAny("The update is invalid.")
            return .setInstrument(instrument ?? "")
        case .abort?:
            let reason = problems.string(order, "abortReason", at: prefix) ?? abortReasons[0]
            if !abortReasons.contains(reason) {
                problems.add(
                    prefix + "abortReason", "The field must be \"CancelledByConsumer\" or \"CancelledByCustomer\".")
            }
            try problems.throwIfAny("The update is invalid.")
            return .abort(reason: reason)
        case .paymentAttemptAborted?:
            let reason = problems.string(order, "abortReason", at: prefix) ?? "AbortedByUI"
            try problems.throwIfAny("The update is invalid.")
            return .abortAttempt(reason: reason)
        default:
            throw SandboxProblem.inputError(
                "The update is invalid.",
                problems: [(prefix + "operation", "The field must be one of \(operations.joined(separator: ", ")).")])
        }
    }

    /// Applies the change. Throws 409 `conflict` when the order is not `Initialized` (or, for
    /// `SetInstrument`, not in instrument mode) and 400 when the instrument is not offered.
    func apply(to record: inout PaymentOrderRecord, now: Date) throws {
        guard record.status == .initialized else {
            throw SandboxProblem.conflict(
                "The payment order is \(record.status.rawValue); \(operation) is only allowed while it is Initialized.")
        }
        switch self {
        case .updateOrder(let amount, let vatAmount, let orderItems, let description, let itemsAsSent):
            record.order.amount = amount
            record.order.vatAmount = vatAmount
            if let orderItems {
                record.order.orderItems = orderItems
                record.orderItemsAsSent = itemsAsSent
            }
            if let description { record.order.description = description }
        case .setInstrument(let instrument):
            guard record.isInstrumentMode else {
                throw SandboxProblem.conflict(
                    "The payment order is not in instrument mode; SetInstrument needs an order created with an instrument."
                )
            }
            // What the order's market offers (its currency), narrowed by restrictedToInstruments:
            // the real service refuses an instrument the merchant has no agreement for there.
            let offeredHere = record.offeredInstruments
            guard let offered = SandboxInstrument(rawValue: instrument), offeredHere.contains(offered) else {
                throw SandboxProblem.inputError(
                    "The instrument is not offered.",
                    problems: [
                        (
                            Self.prefix + "instrument",
                            "The instrument is not offered for this payment order (\(record.order.currency)): "
                                + "it offers \(SandboxInstrument.names(offeredHere))."
                        )
                    ])
            }
            record.order.instrument = SwedbankPaySDK.Instrument(rawValue: instrument)
            record.history.append(
                HistoryEntry(created: now, name: .paymentInstrumentSet, initiatedBy: .payee, instrument: offered))
        case .abort(let reason):
            do {
                try record.abort(reason: reason, now: now)
            } catch .payerInApp(let app) {
                throw SandboxProblem.conflict(PaymentOrderRecord.LifecycleError.payerInAppDetail(app))
            } catch {
                throw SandboxProblem.conflict("The payment order is \(record.status.rawValue).")
            }
        case .abortAttempt(let reason):
            // Without a running attempt there is nothing to stop; the call still succeeds, so a
            // client that aborts twice does not get an error.
            if let attempt = record.runningAttempt, let instrument = attempt.instrument,
                let number = attempt.number
            {
                record.abortAttempt(instrument: instrument, number: number, reason: reason, now: now)
            }
        }
    }
}
#endif
