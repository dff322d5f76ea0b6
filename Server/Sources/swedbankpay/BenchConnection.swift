import NIOCore
import NIOHTTP1
import NIOPosix

/// One connection of a closed-loop load, run entirely on its event loop: the next request is
/// written from the handler that saw the last answer end, as `wrk` does. No task, future or
/// timer per request, so the load generator's own CPU — which shares the machine with the servers
/// it measures — stays a small part of every figure.
enum BenchConnection {
    /// What one connection's loop is told.
    struct Plan: Sendable {
        let origin: BenchOrigin
        let worker: Int
        /// Requests sent before this instant are not counted (the warm-up).
        let countFrom: NIODeadline
        /// No request is sent from this instant on.
        let deadline: NIODeadline
        /// When the first request goes out (the arrivals are spread).
        let firstAt: NIODeadline
        let makeRequest: BenchLoad.MakeRequest
    }

    /// How a connection ended: what it counted, the index of its next request, and whether the
    /// server closed it before the loop was done (then the load goes on with a new one).
    struct Outcome: Sendable {
        var throughput = BenchThroughput()
        var nextIndex: Int
        var closedEarly = false
    }

    /// Runs `plan` from request `index` on one new connection until the deadline or until the
    /// server closes it.
    static func run(_ plan: Plan, from index: Int, on group: any EventLoopGroup) async throws -> Outcome {
        let eventLoop = group.next()
        let done = eventLoop.makePromise(of: Outcome.self)
        let channel = try await ClientBootstrap(group: eventLoop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(
                        LoopHandler(plan: plan, index: index, done: done))
                }
            }
            .connect(host: plan.origin.host, port: plan.origin.port).get()
        let outcome = try await done.futureResult.get()
        try? await channel.close()
        return outcome
    }

    /// Sends a request, waits for its whole answer, records it, sends the next.
    private final class LoopHandler: ChannelInboundHandler {
        typealias InboundIn = HTTPClientResponsePart
        typealias OutboundOut = HTTPClientRequestPart

        private let plan: Plan
        private let host: String
        private var outcome: Outcome
        private let done: EventLoopPromise<Outcome>
        private var sentAt = NIODeadline.uptimeNanoseconds(0)
        private var awaiting = false
        private var status = HTTPResponseStatus.ok
        /// The start of a failed answer's body, to say what went wrong.
        private var failureBody = ""
        private var finished = false

        init(plan: Plan, index: Int, done: EventLoopPromise<Outcome>) {
            self.plan = plan
            host = plan.origin.hostHeader
            outcome = Outcome(nextIndex: index)
            self.done = done
            outcome.throughput.latencies.reserveCapacity(4_096)
        }

        func channelActive(context: ChannelHandlerContext) {
            let loop = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            if plan.firstAt > .now() {
                context.eventLoop.scheduleTask(deadline: plan.firstAt) {
                    loop.value.0.sendNext(context: loop.value.1)
                }
            } else {
                sendNext(context: context)
            }
        }

        private func sendNext(context: ChannelHandlerContext) {
            guard outcome.nextIndex < BenchDriver.maxRequestsPerConnection, NIODeadline.now() < plan.deadline else {
                return finish()
            }
            let request = plan.makeRequest(plan.worker, outcome.nextIndex)
            var head = HTTPRequestHead(version: .http1_1, method: request.method, uri: request.path)
            head.headers = request.headers
            head.headers.replaceOrAdd(name: "Host", value: host)
            head.headers.replaceOrAdd(name: "Content-Length", value: String(request.body?.readableBytes ?? 0))
            sentAt = .now()
            awaiting = true
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            if let body = request.body { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                status = head.status
                failureBody = ""
            case .body(let buffer):
                if !(200..<300).contains(status.code), failureBody.count < 300 {
                    failureBody += String(buffer: buffer)
                }
            case .end:
                awaiting = false
                outcome.nextIndex += 1
                record()
                sendNext(context: context)
            }
        }

        private func record() {
            guard sentAt >= plan.countFrom else { return }
            let nanoseconds = NIODeadline.now().uptimeNanoseconds - sentAt.uptimeNanoseconds
            outcome.throughput.latencies.append(Double(nanoseconds) / 1e6)
            outcome.throughput.sentAt.append(sentAt.uptimeNanoseconds)
            if (200..<300).contains(status.code) {
                outcome.throughput.created += 1
            } else {
                outcome.throughput.fail("\(status.code) \(failureBody.prefix(300))")
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            guard !finished else { return }
            // The server closed the connection: a request it left unanswered is a failure.
            if awaiting, sentAt >= plan.countFrom { outcome.throughput.fail("the server closed the connection") }
            if awaiting { outcome.nextIndex += 1 }
            outcome.closedEarly = true
            finish()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }

        private func finish() {
            guard !finished else { return }
            finished = true
            done.succeed(outcome)
        }
    }
}
