#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// Where one HTTP/1.1 connection is in its requests, as its timeouts and the connection limit see
/// it: the pure core of ``ConnectionWatch``. Instants are nanoseconds on a monotonic clock.
///
/// ```
///            bytes            head                 request end (answers owed)
/// awaiting ────────▶ reading ────────▶ reading ─────────────────────────────▶ answering
/// request             head              body                                      │
///    ▲                                    │ request end, every answer sent        │ last answer
///    └────────────────────────────────────┴───────────────────────────────────────┘ sent
/// ```
///
/// Waiting for the client is bounded (``ConnectionLimits``): for a request's first byte and for a
/// body by the idle timeout, for the rest of a head by the header timeout from its first byte —
/// however slowly the bytes come. Answering is the server's own time and has no deadline here.
/// A connection that has no request in progress may be closed to make room for a new one
/// (``isReplaceable``); one whose head has arrived never is.
public enum ConnectionPhase: Sendable, Equatable {
    /// No byte of the next request yet, since `since` (the connection opened or the last answer
    /// ended).
    case awaitingRequest(since: Int64)
    /// A request's first byte came at `since`; its head is not complete.
    case readingHead(since: Int64)
    /// A request's head came at `since`; its body has not all come. `answersOwed` counts the
    /// requests whose answer has not ended (0 when the server answered before reading the body).
    case readingBody(since: Int64, answersOwed: Int)
    /// Every request read; `answersOwed` (at least one) answers still being written.
    case answering(answersOwed: Int)

    /// What a connection's timer does when it fires.
    public enum TimerStep: Sendable, Equatable {
        /// The client took too long: close the connection.
        case close
        /// Fire again at this instant.
        case check(at: Int64)
        /// Nothing is awaited from the client: no timer until the phase changes.
        case stop
    }

    /// A connection opened at `now`.
    public static func opened(at now: Int64) -> ConnectionPhase { .awaitingRequest(since: now) }

    /// Bytes came from the client.
    public mutating func bytesArrived(at now: Int64) {
        if case .awaitingRequest = self { self = .readingHead(since: now) }
    }

    /// A request's head was parsed whole.
    public mutating func headArrived(at now: Int64) {
        switch self {
        case .awaitingRequest, .readingHead:
            self = .readingBody(since: now, answersOwed: 1)
        case .readingBody(_, let owed), .answering(let owed):
            // A pipelined request: its answer comes after the ones owed.
            self = .readingBody(since: now, answersOwed: owed + 1)
        }
    }

    /// A request's end (its whole body) was parsed.
    public mutating func requestEnded(at now: Int64) {
        guard case .readingBody(_, let owed) = self else { return }
        self = owed > 0 ? .answering(answersOwed: owed) : .awaitingRequest(since: now)
    }

    /// An answer's end was written.
    public mutating func answerEnded(at now: Int64) {
        switch self {
        case .readingBody(let since, let owed):
            self = .readingBody(since: since, answersOwed: max(owed - 1, 0))
        case .answering(let owed):
            self = owed > 1 ? .answering(answersOwed: owed - 1) : .awaitingRequest(since: now)
        case .awaitingRequest, .readingHead:
            break
        }
    }

    /// Whether closing the connection loses no request: nothing of a request but (part of) its
    /// head has come.
    public var isReplaceable: Bool {
        switch self {
        case .awaitingRequest, .readingHead: true
        case .readingBody, .answering: false
        }
    }

    /// Since when a replaceable connection has waited for its client (the longest waiting one is
    /// replaced first); nil while a request is in progress.
    public var waitingSince: Int64? {
        switch self {
        case .awaitingRequest(let since): since
        // The wait began before the first byte; only the instant is not kept. The bytes count as
        // the start: a head just begun is replaced after connections that sent nothing for longer.
        case .readingHead(let since): since
        case .readingBody, .answering: nil
        }
    }

    /// The instant by which the client must have done its part, or nil when nothing is awaited.
    public func deadline(_ limits: ConnectionLimits) -> Int64? {
        switch self {
        case .awaitingRequest(let since): Self.adding(limits.idleNanoseconds, to: since)
        case .readingHead(let since): Self.adding(limits.headerNanoseconds, to: since)
        case .readingBody(let since, _): Self.adding(limits.idleNanoseconds, to: since)
        case .answering: nil
        }
    }

    /// The timer's step at `now`. It never sleeps past a deadline, nor longer than the shorter
    /// of the two timeouts while the client is awaited: every deadline a later event sets is at
    /// least that far ahead of it, so each is met exactly without re-arming the timer on every
    /// request.
    public func timerFired(at now: Int64, _ limits: ConnectionLimits) -> TimerStep {
        guard let deadline = deadline(limits) else { return .stop }
        if deadline <= now { return .close }
        return .check(at: min(deadline, Self.adding(Self.longestSleep(limits), to: now)))
    }

    /// When a timer armed at `now` (none running) first fires: nil when nothing is awaited.
    public func firstCheck(at now: Int64, _ limits: ConnectionLimits) -> Int64? {
        deadline(limits).map { min($0, Self.adding(Self.longestSleep(limits), to: now)) }
    }

    private static func longestSleep(_ limits: ConnectionLimits) -> Int64 {
        max(min(limits.headerNanoseconds, limits.idleNanoseconds), 1)
    }

    private static func adding(_ span: Int64, to instant: Int64) -> Int64 {
        let (sum, overflow) = instant.addingReportingOverflow(span)
        return overflow ? .max : sum
    }
}
#endif
