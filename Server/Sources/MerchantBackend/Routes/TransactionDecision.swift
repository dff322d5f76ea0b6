import Foundation

/// What the admin API does next with a capture, cancellation or reversal, decided from what is
/// known of it and from nothing else: its stored state and age, and what Swedbank Pay said. Pure,
/// so every case is a row of `TransactionDecisionTests`; `AdminRoutes+Transactions.swift` carries
/// the actions out.
///
/// The rule it keeps: money moves once, and the merchant is told only what is true.
/// - An answer lost after the movement was sent — no answer in time, the connection cut, a 5xx, an
///   answer that is no JSON — leaves the outcome `unknown`, never `failed`: the merchant is told so
///   (`…/mobilesdk/transactionoutcomeunknown`) and to repeat the request with the same key.
/// - A repeat with the key first looks for the movement at Swedbank Pay, among the order's
///   financial transactions, by the transaction's own payee reference: found, it is recorded
///   `done` and answered as the first request would have been; not found, it is sent — with that
///   same payee reference, which Swedbank Pay takes once, so two sends cannot both move money.
/// - A 409 to the movement (Swedbank Pay's "payee reference already used") is looked up the same
///   way: found means done, and only a 409 whose movement is not there is a refusal.
/// - A transaction left `pending` by a process that died is taken over by the next repeat once it
///   is older than the ``AbandonmentWindow`` (the rule order creation uses), and looked up alike.
/// - A new key on an order while another of its transactions has no verdict is refused
///   (``blocker(among:now:window:)``): while that one is in flight, to be tried again shortly;
///   while its outcome is unknown (or its process died), until it is repeated with its own key —
///   the merchant, told "unknown" or told nothing, could otherwise move the same money again under
///   a new key.
enum TransactionDecision {
    /// What became known.
    enum Event: Sendable, Equatable {
        /// A request came with a key the order's transaction already holds, in `state`, last
        /// written at `updatedAt` (milliseconds); it is `now`.
        case repeated(StoredTransaction.State, updatedAt: Int64, now: Int64)
        /// The order's financial transactions were read for the transaction's payee reference:
        /// `found` (nil when the list could not be read). `mayHaveBeenSent`: the movement may have
        /// reached Swedbank Pay before; `afterConflict`: read because it answered the movement 409.
        case lookedUp(found: Bool?, mayHaveBeenSent: Bool, afterConflict: Bool)
        /// The movement was not sent: the order could not be read (no verdict), or Swedbank Pay
        /// offers no such operation on it now (a verdict).
        case notSent(verdict: Bool)
        /// Swedbank Pay's answer to the movement itself.
        case answered(Answer)
    }

    /// What Swedbank Pay's answer to a capture, cancellation or reversal says.
    enum Answer: Sendable, Equatable {
        /// 2xx: made.
        case accepted
        /// 4xx other than 409: refused.
        case refused
        /// 409: refused — or made already, under this payee reference.
        case conflict
        /// No answer, a cut connection, a 5xx, or an answer that is not Swedbank Pay's: unknown.
        case lost
    }

    /// What to do.
    enum Action: Sendable, Equatable {
        /// Answer what the first request was answered, byte for byte.
        case replay
        /// 409 with `Retry-After`: another request holds the transaction.
        case stillInFlight
        /// Take the transaction over (only one request can) and look it up before sending anything.
        case takeOverAndLookUp
        /// Look it up at Swedbank Pay.
        case lookUp
        /// Send the movement (with the transaction's own payee reference).
        case send
        /// Record the transaction in this state and answer accordingly.
        case record(StoredTransaction.State)
    }

    static func decide(_ event: Event, window: AbandonmentWindow) -> Action {
        switch event {
        case .repeated(.done, _, _), .repeated(.rejected, _, _):
            return .replay
        case .repeated(.pending, let updatedAt, let now):
            return window.isAbandoned(updatedAt: updatedAt, now: now) ? .takeOverAndLookUp : .stillInFlight
        case .repeated(.failed, _, _), .repeated(.unknown, _, _):
            return .takeOverAndLookUp
        case .lookedUp(found: true?, _, _):
            return .record(.done)
        case .lookedUp(found: false?, _, afterConflict: false):
            return .send
        case .lookedUp(found: false?, _, afterConflict: true):
            return .record(.rejected)
        case .lookedUp(found: nil, let mayHaveBeenSent, _):
            return .record(mayHaveBeenSent ? .unknown : .failed)
        case .notSent(let verdict):
            return .record(verdict ? .rejected : .failed)
        case .answered(.accepted):
            return .record(.done)
        case .answered(.refused):
            return .record(.rejected)
        case .answered(.conflict):
            return .lookUp
        case .answered(.lost):
            return .record(.unknown)
        }
    }

    /// Whether a taken-over transaction in `state` may have reached Swedbank Pay: a `failed` one
    /// never sent its movement; an `unknown` one did, and a `pending` one may have.
    static func mayHaveBeenSent(_ state: StoredTransaction.State) -> Bool { state != .failed }

    /// What a problem from the call carrying the movement says. The backend's own gateway problems
    /// (`mobilesdk/…`: no answer, no connection, an unusable answer) are no verdict, whatever
    /// their status; nor is any 5xx.
    static func answer(status: Int, isSwedbankPays: Bool) -> Answer {
        guard isSwedbankPays, (400..<500).contains(status) else { return .lost }
        return status == 409 ? .conflict : .refused
    }

    /// Why a new transaction of an order must wait for another.
    enum Blocker: Sendable, Equatable {
        /// Another is in flight (`pending` within the window): one movement of an order at a
        /// time, so each is decided on what the one before left.
        case inFlight(StoredTransaction)
        /// Another's outcome is unknown, or it was left `pending` longer than the window (its
        /// process died mid-call): only a repeat with its own key resolves it.
        case unresolved(StoredTransaction)
    }

    /// What stops a new transaction among the order's `others`, the unresolved first; nil when
    /// nothing does (every other one has its verdict, or `failed` without being sent).
    static func blocker(among others: [StoredTransaction], now: Int64, window: AbandonmentWindow) -> Blocker? {
        let waiting = others.filter { $0.state == .pending || $0.state == .unknown }
        if let unresolved = waiting.first(where: {
            $0.state == .unknown || window.isAbandoned(updatedAt: $0.updatedAt, now: now)
        }) {
            return .unresolved(unresolved)
        }
        return waiting.first.map(Blocker.inFlight)
    }
}
