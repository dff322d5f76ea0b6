#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// The connections one server holds open, and who makes room for a new one: the pure core of
/// ``ServerConnections``.
///
/// At most `limit` connections are on the roster. A connection beyond it takes the place of the
/// replaceable one (no request in progress) that has waited longest for its client; when none is
/// replaceable the new one is refused, and the server stops accepting (``hasRoom``) until one is.
/// So clients that connect and send nothing, or half a head, can fill the roster but never keep
/// a new client out — they only push each other out — and a request once begun is never cut.
public struct ConnectionRoster: Sendable, Equatable {
    public let limit: Int
    /// Each connection by id: since when it waits (replaceable), or nil (a request in progress).
    private var waiting: [UInt64: Int64?] = [:]
    private var nextID: UInt64 = 0

    /// What ``admit(at:)`` decided.
    public enum Admission: Sendable, Equatable {
        /// On the roster as `id`.
        case admitted(id: UInt64)
        /// On the roster as `id`, in the place of `replacing`, which is off it and must be closed.
        case replacing(UInt64, id: UInt64)
        /// Not on the roster: close it at once.
        case refused
    }

    public init(limit: Int) {
        self.limit = max(limit, 1)
    }

    /// Connections on the roster.
    public var count: Int { waiting.count }

    /// Whether a new connection would be admitted: below the limit, or some connection replaceable.
    public var hasRoom: Bool {
        waiting.count < limit || waiting.values.contains { $0 != nil }
    }

    /// A new connection, opened at `now`, replaceable until its first head arrives.
    public mutating func admit(at now: Int64) -> Admission {
        let id = nextID
        nextID &+= 1
        guard waiting.count >= limit else {
            waiting[id] = now
            return .admitted(id: id)
        }
        guard let replaced = longestWaiting() else { return .refused }
        waiting[replaced] = nil
        waiting[id] = now
        return .replacing(replaced, id: id)
    }

    /// Connection `id` began a request. False when it is no longer on the roster (it was replaced:
    /// the request must not be served, its connection is being closed).
    public mutating func requestBegan(_ id: UInt64) -> Bool {
        guard waiting[id] != nil else { return false }
        waiting[id] = .some(nil)
        return true
    }

    /// Connection `id` has no request in progress again; it waits for its client since `since`.
    public mutating func requestsDone(_ id: UInt64, since: Int64) {
        guard waiting[id] != nil else { return }
        waiting[id] = since
    }

    /// Connection `id` closed.
    public mutating func remove(_ id: UInt64) {
        waiting[id] = nil
    }

    /// Whether `id` is on the roster and replaceable.
    public func isReplaceable(_ id: UInt64) -> Bool {
        guard let entry = waiting[id] else { return false }
        return entry != nil
    }

    /// The replaceable connection that has waited longest (the older one of equals).
    private func longestWaiting() -> UInt64? {
        var best: (id: UInt64, since: Int64)?
        for (id, entry) in waiting {
            guard let since = entry else { continue }
            if let current = best, current.since < since || (current.since == since && current.id < id) { continue }
            best = (id, since)
        }
        return best?.id
    }
}
#endif
