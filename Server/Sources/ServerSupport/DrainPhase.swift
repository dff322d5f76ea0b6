#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// Where a server is in its graceful shutdown, as its requests see it: the pure core of
/// ``DrainGate``.
///
/// ```
///                    SIGTERM                 the last request begun before it answered
/// serving ─────────────────────▶ draining ──────────────────────────────────────────▶ stopped
///    │  (nothing in flight)                  │ (the grace ended first: those left are cut)
///    └───────────────────────────────────────┴──────────────────────────────────────▶ stopped
/// ```
///
/// The rule while draining: `/readyz` answers 503 and the listener stays open, so a balancer
/// that checks readiness sees the drain and one that does not is still answered; a request that
/// begins now is served as usual but does not hold the drain up — only the requests begun before
/// it do. Once they are answered the server stops: the listener closes (new connections are
/// refused, and a balancer takes them to another instance) and what is left on open connections
/// is finished by the server's own graceful shutdown. A drain under steady traffic so ends when
/// the work in flight at SIGTERM is done, not when traffic pauses.
public enum DrainPhase: Sendable, Equatable {
    /// Taking work; `inFlight` requests are being answered.
    case serving(inFlight: Int)
    /// A graceful shutdown began; `owed` requests begun before it are still being answered.
    case draining(owed: Int)
    /// The drain is over and the server may close; `cut` requests begun before it were still
    /// being answered when the grace ended (0 when every one was answered).
    case stopped(cut: Int)

    /// A server that has just started.
    public static let started = DrainPhase.serving(inFlight: 0)

    /// Whether a request counts toward the drain: those begun while serving do.
    public enum Ticket: Sendable, Equatable {
        case holdsDrain
        case free
    }

    /// Whether the server should get work (`/readyz`).
    public var isServing: Bool {
        if case .serving = self { return true }
        return false
    }

    /// A request began.
    public mutating func requestBegan() -> Ticket {
        guard case .serving(let inFlight) = self else { return .free }
        self = .serving(inFlight: inFlight + 1)
        return .holdsDrain
    }

    /// A request was answered. True when that ended the drain.
    public mutating func requestEnded(_ ticket: Ticket) -> Bool {
        guard ticket == .holdsDrain else { return false }
        switch self {
        case .serving(let inFlight):
            self = .serving(inFlight: max(inFlight - 1, 0))
            return false
        case .draining(let owed):
            self = owed > 1 ? .draining(owed: owed - 1) : .stopped(cut: 0)
            return owed <= 1
        case .stopped:
            // A request the grace already counted as cut.
            return false
        }
    }

    /// A graceful shutdown began. True when nothing was in flight, so the server stops at once.
    public mutating func beginDraining() -> Bool {
        guard case .serving(let inFlight) = self else { return false }
        self = inFlight == 0 ? .stopped(cut: 0) : .draining(owed: inFlight)
        return inFlight == 0
    }

    /// The grace ended. True when that ended the drain (requests were still owed: now cut).
    public mutating func graceEnded() -> Bool {
        guard case .draining(let owed) = self else { return false }
        self = .stopped(cut: owed)
        return true
    }
}
#endif
