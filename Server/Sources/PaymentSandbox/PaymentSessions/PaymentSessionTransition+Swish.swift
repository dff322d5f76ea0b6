#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// Swish: a payment request answered by the payer in the (simulated) Swish app, on this device
/// (local start) or another one (MSISDN).
extension PaymentSessionTransition {
    mutating func startSwish(_ body: PaymentSessionBody) throws {
        _ = try body.optionalString("culture")
        let msisdn = try body.optionalString("msisdn")
        if let msisdn, msisdn.range(of: #"^\+[1-9][0-9]{7,14}$"#, options: .regularExpression) == nil {
            throw PaymentSessionBody.invalid(
                "msisdn",
                "The field must be null (Swish on this device) or a number such as +46739000001: "
                    + "a plus sign and the country code, no spaces.")
        }
        let number = try beginAttempt(.swish)
        let token = context.ids.traceId()
        session.swishTokens.append(token)
        session.phase = .swish(
            SwishPaymentAttempt(number: number, swishToken: token, msisdn: msisdn, startedAt: context.now))
    }

    /// Approves an other-device payment once ``SandboxConfiguration/swishOtherDeviceApprovalDelay``
    /// has passed on the sandbox clock, as if the payer answered on their phone. It happens at the
    /// session's next request: nothing runs in the background.
    mutating func settleSwishApproval() {
        guard case .swish(let attempt) = session.phase, !attempt.isLocalStart, order.status == .initialized,
            let delay = context.swishApprovalDelay, context.now - attempt.startedAt >= delay
        else { return }
        // Cannot fail: the order is Initialized.
        try? settle(attempt, approved: true)
    }

    /// The payer answered a Swish payment request (Swish app simulator or control API).
    mutating func answerSwish(token: String, approved: Bool) throws {
        guard case .swish(let attempt) = session.phase, attempt.swishToken == token else {
            if session.swishTokens.contains(token) {
                throw SandboxProblem.conflict("The Swish payment request \(token) was already answered.")
            }
            throw SandboxProblem.notFound("There is no Swish payment request \(token).")
        }
        guard order.status == .initialized else {
            throw SandboxProblem.operationNotAllowed("The payment order is \(order.status.rawValue).")
        }
        try settle(attempt, approved: approved)
        reply = .noContent
    }

    /// An approval pays the order unless the order's description holds a test trigger
    /// (``SwishTrigger``), which fails it instead; a decline fails it as cancelled by the payer.
    private mutating func settle(_ attempt: SwishPaymentAttempt, approved: Bool) throws {
        guard approved else {
            return failAttempt(.swish, number: attempt.number, problem: .swishUserCancelled)
        }
        if let problem = order.takeAttemptProblem(.swish) {
            return failAttempt(.swish, number: attempt.number, problem: problem)
        }
        try pay(
            .swish, number: attempt.number, transactionType: SandboxInstrument.swish.transactionType,
            details: ["msisdn": attempt.msisdn ?? Self.localSwishPayer])
    }
}
#endif
