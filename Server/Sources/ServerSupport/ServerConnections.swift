#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import HummingbirdCore
import Synchronization

/// The connections of one server, bounded by ``ConnectionLimits``: the ``ConnectionRoster``
/// behind a lock, shared by the server's accepting channel (``acceptance``: it stops accepting
/// while the roster has no room) and every connection's ``ConnectionWatch`` (which tells it when
/// a request begins and ends, and closes a connection that waits too long).
///
/// ```swift
/// let connections = ServerConnections(limits: limits)
/// Application(
///     router: router, server: connections.http1(problems: BackendProblem.self),
///     configuration: .init(address: address, availableConnectionsDelegate: connections.acceptance))
/// ```
public final class ServerConnections: Sendable {
    public let limits: ConnectionLimits
    private let state: Mutex<State>

    private struct State {
        var roster: ConnectionRoster
        /// How to close each connection on the roster, for when a new one replaces it.
        var closers: [UInt64: @Sendable () -> Void] = [:]
        /// The accepting channel was told there is no room and waits to hear otherwise.
        var acceptingPaused = false
    }

    public init(limits: ConnectionLimits) {
        self.limits = limits
        state = Mutex(State(roster: ConnectionRoster(limit: limits.maxConnections)))
    }

    /// Connections open now (on the roster).
    public var count: Int { state.withLock { $0.roster.count } }

    /// What Hummingbird's accepting channel asks before each accept.
    public var acceptance: some AvailableConnectionsDelegate { Acceptance(connections: self) }

    /// A new connection, opened at `now`, closed by `close`. Its id on the roster, or nil when it
    /// was refused (every connection is serving a request): the caller closes it. A connection
    /// it replaces is closed here.
    func admit(at now: Int64, close: @escaping @Sendable () -> Void) -> UInt64? {
        let (admission, replacedCloser) = state.withLock {
            state -> (ConnectionRoster.Admission, (@Sendable () -> Void)?) in
            let admission = state.roster.admit(at: now)
            var replaced: (@Sendable () -> Void)?
            switch admission {
            case .admitted(let id):
                state.closers[id] = close
            case .replacing(let old, let id):
                replaced = state.closers.removeValue(forKey: old)
                state.closers[id] = close
            case .refused:
                break
            }
            return (admission, replaced)
        }
        replacedCloser?()
        switch admission {
        case .admitted(let id), .replacing(_, let id): return id
        case .refused: return nil
        }
    }

    /// Connection `id` began a request; false when it was replaced meanwhile (and is closing).
    func requestBegan(_ id: UInt64) -> Bool {
        state.withLock { $0.roster.requestBegan(id) }
    }

    /// Connection `id` has no request in progress again. True when the accepting channel waits
    /// for room and must be told to accept again.
    func requestsDone(_ id: UInt64, since: Int64) -> Bool {
        state.withLock { state in
            state.roster.requestsDone(id, since: since)
            guard state.acceptingPaused, state.roster.isReplaceable(id) else { return false }
            state.acceptingPaused = false
            return true
        }
    }

    /// Connection `id` closed. (Hummingbird's accepting channel hears of closes itself.)
    func remove(_ id: UInt64) {
        state.withLock { state in
            state.roster.remove(id)
            state.closers[id] = nil
        }
    }

    /// Whether to accept another connection now; when not, the next change that makes room says so.
    func acceptsMore() -> Bool {
        state.withLock { state in
            let room = state.roster.hasRoom
            state.acceptingPaused = !room
            return room
        }
    }

    /// The delegate of Hummingbird's `AvailableConnectionsChannelHandler`, which stops reading
    /// the listening socket (accepting) while this says no. Openings and closes are counted by
    /// the roster itself, which knows each connection.
    private struct Acceptance: AvailableConnectionsDelegate {
        let connections: ServerConnections

        mutating func connectionOpened() {}
        mutating func connectionClosed() {}
        func isAcceptingNewConnections() -> Bool { connections.acceptsMore() }
    }
}
#endif
