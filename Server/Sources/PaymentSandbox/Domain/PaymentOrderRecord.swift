#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// One entry of a payment order's `history`.
struct HistoryEntry: Sendable, Codable {
    var created: Date
    var name: HistoryEvent
    var initiatedBy: HistoryInitiator
    var instrument: SandboxInstrument?
    var number: Int64?
    var amount: Int64?
    /// On `PaymentAttemptStarted`: whether the instrument's form came filled with the payer's
    /// details.
    var prefill: Bool?
}

/// One entry of `failedAttempts.failedAttemptList`.
struct FailedAttempt: Sendable, Codable {
    var created: Date
    var instrument: SandboxInstrument
    var number: Int64
    /// `Failed`, or `Aborted` when the payer cancelled: the order statuses' words.
    var status: PaymentOrderStatus
    var problem: SwedbankPaySDK.JSONObject
}

/// What `paid` says once the order is paid.
struct PaidInfo: Sendable, Codable {
    var instrument: SandboxInstrument
    var number: Int64
    var transactionType: TransactionType
    var amount: Int64
    var details: [String: String]
    var tokens: [SwedbankPaySDK.JSONObject]
}

/// A payment order as the sandbox keeps it.
///
/// It holds what the merchant created, plus its life: status, history, attempts and the tokens
/// of its views (`view-checkout` / `view-paymentorder`) and payment session (`view-paymentsession`).
struct PaymentOrderRecord: Sendable {
    let id: String
    let created: Date
    var updated: Date
    /// Checkout v3 (`productName: "Checkout3"` or a `version=3.x` header); v2 otherwise.
    let isV3: Bool
    var order: SwedbankPaySDK.PaymentOrder
    /// The members of the request the sandbox shows again or acts on, as sent: see
    /// ``RequestMember`` and ``requested(_:)``.
    let requestMembers: [RequestMember: SwedbankPaySDK.JSONValue]
    var status: PaymentOrderStatus = .initialized
    /// The token in the hosted view's script link.
    let viewToken: String
    /// The token of the payment session (`view-paymentsession`).
    let sessionToken: String
    /// The payee the order was created for, from the merchant's token.
    var history: [HistoryEntry] = []
    var failedAttempts: [FailedAttempt] = []
    var paid: PaidInfo?
    var failedProblem: SwedbankPaySDK.JSONObject?
    var abortReason: String?
    /// Nil until the payer opened the payment, then how they first opened it.
    var integration: PaymentOrderIntegration?
    /// The number the next attempt (or financial transaction) gets.
    var nextAttemptNumber: Int64
    /// A payment the merchant's server makes with a token the payer left (`Recur`,
    /// `UnscheduledPurchase`, `Payout`): no payer on a page, paid (or paid out) when created.
    struct ServerInitiated: Sendable, Equatable {
        /// `Recur`, `UnscheduledPurchase` or `Payout`.
        var operation: OrderOperation
        /// `recurrence` or `unscheduled`.
        var tokenType: PaymentTokenType
        var token: String
    }

    /// The order lines as the merchant sent them, when a quantity had decimals (the SDK's model,
    /// `order.orderItems`, counts whole units); shown instead of the model's lines.
    var orderItemsAsSent: [SwedbankPaySDK.JSONValue]?

    /// Set for a server-initiated order.
    var serverInitiated: ServerInitiated?
    /// Its place among the orders the store took, from 0: orders of the same instant sort by it.
    var sequence: Int64 = 0
    /// Whether its callbacks also name the payment and the transaction (v3.0 and v2 orders).
    var callbackNamesPayment = false
    /// Captures, cancellations and reversals that were refused, oldest first.
    var postPurchaseFailures: [PostPurchaseFailure] = []
    /// The merchant's captures, cancellations and reversals, oldest first.
    var transactions: [FinancialTransaction] = []
    /// Problems the control API armed: the next attempt with the instrument ends with its problem
    /// when it is settled (``takeAttemptProblem(_:)``).
    var armedProblems: [SandboxInstrument: PaymentAttemptProblem] = [:]

    var path: String { "/psp/paymentorders/\(id)" }

    /// The instruments the payer may choose from now: in instrument mode only that one, and only
    /// when the order's market offers it (a NOK order in Swish mode offers nothing, as a
    /// restriction naming nothing the market offers does).
    var availableInstruments: [SandboxInstrument] {
        if isPayout { return [] }
        if requested(.restrictedToPayoutInstruments) == .bool(true) { return SandboxInstrument.payout }
        if let name = order.instrument?.rawValue { return offeredInstruments.filter { $0.rawValue == name } }
        return offeredInstruments
    }

    /// What the order's market offers (``SandboxMarket``, from the currency), narrowed by
    /// `restrictedToInstruments`.
    var offeredInstruments: [SandboxInstrument] {
        let market = SandboxMarket(currency: order.currency).instruments
        return order.restrictedToInstruments.map { SandboxInstrument.expanding($0, offered: market) } ?? market
    }

    var isInstrumentMode: Bool { order.instrument != nil }

    /// A `Payout`: money to the payer, offered on no page.
    var isPayout: Bool { serverInitiated?.operation == .payout }

    /// The API version its answers are labelled with: `3.1`, `3.0` (`productName` without a
    /// version header) or `2.0`.
    var apiVersion: String { isV3 ? (callbackNamesPayment ? "3.0" : "3.1") : "2.0" }

    /// What may still be captured, cancelled or reversed.
    var amounts: PostPurchaseAmounts { PostPurchaseAmounts(paid: paid, transactions: transactions) }

    /// Guest mode: no `payer.payerReference`, so nothing can be saved for the payer.
    var isGuest: Bool { order.payer?.payerReference == nil }
}
#endif
