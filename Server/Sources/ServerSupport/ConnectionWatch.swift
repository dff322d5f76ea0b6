#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import NIOCore

/// One connection's ``ConnectionPhase``, carried out: its timer closes the connection when the
/// client takes too long, and ``ServerConnections`` hears when a request begins and ends. Lives on
/// the connection's event loop; fed by ``RequestBytesHandler`` (bytes, before the HTTP decoder)
/// and ``HTTPPartsHandler`` (heads, ends and answers, after it).
final class ConnectionWatch {
    private let limits: ConnectionLimits
    private let connections: ServerConnections
    private let channel: any Channel
    /// The connection's id on the roster; nil when it was refused and is being closed.
    private var id: UInt64?
    private(set) var phase: ConnectionPhase
    private var timer: Scheduled<Void>?

    /// Puts `channel` on the roster of `connections`, replacing a waiting one at the limit. Made
    /// while the channel is set up, before it is registered with its event loop.
    init(channel: any Channel, connections: ServerConnections) {
        self.channel = channel
        self.connections = connections
        limits = connections.limits
        let now = Self.now()
        phase = .opened(at: now)
        id = connections.admit(at: now) { [channel] in channel.close(promise: nil) }
        channel.closeFuture.whenComplete { [connections, id] _ in
            if let id { connections.remove(id) }
        }
    }

    /// The connection is active: its first wait begins — or, when the roster had no room for
    /// it (every connection serving a request), it is closed.
    func started() {
        guard id != nil else {
            channel.close(promise: nil)
            return
        }
        armTimer()
    }

    /// The connection closed: nothing more to time.
    func stopped() {
        timer?.cancel()
        timer = nil
    }

    func bytesArrived() {
        guard case .awaitingRequest = phase else { return }
        phase.bytesArrived(at: Self.now())
    }

    /// A request's head was parsed; false when the request must not be served (the connection
    /// was given to a newer one a moment ago and is closing).
    func headArrived() -> Bool {
        let wasReplaceable = phase.isReplaceable
        phase.headArrived(at: Self.now())
        // The body's wait has a deadline of its own.
        armTimer()
        guard wasReplaceable else { return true }
        guard let id, connections.requestBegan(id) else { return false }
        return true
    }

    func requestEnded() {
        phase.requestEnded(at: Self.now())
        waitingAgain()
    }

    func answerEnded() {
        phase.answerEnded(at: Self.now())
        waitingAgain()
    }

    /// After a request ended or an answer was written: the roster hears when nothing is in
    /// progress any more, and the timer runs again.
    private func waitingAgain() {
        armTimer()
        guard let since = phase.waitingSince else { return }
        if let id, connections.requestsDone(id, since: since) {
            // The accepting channel stopped for want of room; this connection is room now.
            channel.parent?.read()
        }
    }

    /// Arms the timer when the phase has a deadline and none is armed (cheap: called after every
    /// change of phase).
    private func armTimer() {
        guard timer == nil, let first = phase.firstCheck(at: Self.now(), limits) else { return }
        schedule(at: first)
    }

    private func schedule(at instant: Int64) {
        let loop = channel.eventLoop
        timer = loop.assumeIsolated().scheduleTask(deadline: .uptimeNanoseconds(UInt64(max(instant, 0)))) {
            [self] in
            self.timer = nil
            switch self.phase.timerFired(at: Self.now(), self.limits) {
            case .close: self.channel.close(promise: nil)
            case .check(let next): self.schedule(at: next)
            case .stop: break
            }
        }
    }

    static func now() -> Int64 { Int64(clamping: NIODeadline.now().uptimeNanoseconds) }
}
#endif
