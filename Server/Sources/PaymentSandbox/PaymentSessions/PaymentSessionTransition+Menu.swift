#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The operations around the payment menu: prepare, expand, customize, abort, failed attempts
/// reported by the app, and acknowledging problems.
extension PaymentSessionTransition {
    mutating func prepare(_ body: PaymentSessionBody) throws {
        // The SDK always says "App"; any integration name is accepted, but it must be there.
        _ = try body.requiredString("integration")
        recordLoaded()
        session.phase = .choosing
    }

    mutating func expand(_ method: String, _ body: PaymentSessionBody) throws {
        guard try body.requiredString("paymentMethod") == method else {
            throw PaymentSessionBody.invalid(
                "paymentMethod", "The field must be \"\(method)\", this operation's method.")
        }
        session.expandedMethods.insert(method)
        // Every expand is the payer opening the method in the app's menu; a method the sandbox
        // knows only by name (none today: the offer lists the order's instruments) is not recorded.
        if let instrument = SandboxInstrument(rawValue: method) {
            try order.recordInstrumentSelected(instrument, now: context.date)
            changes.append(.instrumentSelected(instrument))
        }
    }

    /// Instrument mode or a restricted menu for the SDK's web fallback. Empty or unknown names are
    /// refused with a 400 rather than ignored: an answer that does not match the request would
    /// make the SDK send it again forever.
    mutating func customize(_ body: PaymentSessionBody) throws {
        let enabled = order.availableInstruments.map(\.rawValue)
        let known = "one of the payment order's methods (\(enabled.joined(separator: ", ")))"
        let method = try body.optionalString("paymentMethod")
        if let method, !enabled.contains(method) {
            throw PaymentSessionBody.invalid("paymentMethod", "The field must be null or \(known).")
        }
        let restriction = try body.optionalStrings("restrictToPaymentMethods")
        if let restriction, restriction.isEmpty || !restriction.allSatisfy(enabled.contains) {
            throw PaymentSessionBody.invalid(
                "restrictToPaymentMethods", "The field must be null or a non-empty list of \(known).")
        }
        let hide = try body.optionalBool("hideStoredPaymentOptions") ?? false
        let consent = try body.optionalBool("showConsentAffirmation")
        session.instrumentModePaymentMethod = method
        session.restrictToPaymentMethods = restriction
        session.hideStoredPaymentOptions = hide
        session.showConsentAffirmation = consent
    }

    /// Aborts the order (and the card or Apple Pay attempt in progress, if any).
    mutating func abort() throws {
        let reason = "Payment aborted by payer"
        switch session.phase {
        case .card(let attempt):
            order.abortAttempt(instrument: .creditCard, number: attempt.number, reason: reason, now: context.date)
            changes.append(.attemptAborted(instrument: .creditCard, number: attempt.number))
        case .applePay(let number):
            order.abortAttempt(instrument: .applePay, number: number, reason: reason, now: context.date)
            changes.append(.attemptAborted(instrument: .applePay, number: number))
        default:
            break
        }
        try order.abort(reason: reason, now: context.date)
        changes.append(.aborted)
        session.phase = .finished
    }

    /// The app reports a failed attempt: Swish could not be launched, or the Apple Pay sheet was
    /// cancelled or failed. The attempt in progress (if it is this method's) ends: aborted when the
    /// payer cancelled, failed otherwise. Without one the problem is only shown.
    mutating func failPaymentAttempt(_ method: String, _ body: PaymentSessionBody) throws {
        let problemWord = try body.requiredString("problemType")
        let errorCode = try body.optionalString("errorCode")
        guard let problemType = AttemptProblemType(rawValue: problemWord) else {
            throw PaymentSessionBody.invalid(
                "problemType", "The field must be UserCancelled, TechnicalError or ClientAppLaunchFailed.")
        }
        let problem = PaymentAttemptProblem.clientReported(problemType: problemType, errorCode: errorCode)
        let running: (instrument: SandboxInstrument, number: Int64)?
        switch session.phase {
        case .swish(let attempt) where method == SandboxInstrument.swish.rawValue: running = (.swish, attempt.number)
        case .applePay(let number) where method == SandboxInstrument.applePay.rawValue: running = (.applePay, number)
        default: running = nil
        }
        guard let (instrument, number) = running else {
            raise(problem)
            return
        }
        if problemType == .userCancelled {
            order.abortAttempt(instrument: instrument, number: number, reason: problem.title, now: context.date)
            changes.append(.attemptAborted(instrument: instrument, number: number))
            session.phase = .choosing
            raise(problem)
        } else {
            failAttempt(instrument, number: number, problem: problem)
        }
    }

    /// Answered 204: the SDK must not process a model here (it would report the session's end).
    /// A problem is acknowledged once; again, or a replaced one, is 409.
    mutating func acknowledge(_ number: Int) throws {
        guard var pending = session.problem, pending.number == number, !pending.acknowledged else {
            throw SandboxProblem.operationNotAllowed("Problem \(number) is not waiting for an acknowledgement.")
        }
        pending.acknowledged = true
        session.problem = pending
        reply = .noContent
    }
}
#endif
