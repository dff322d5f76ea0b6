import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// HTTP/1.1 spoken byte for byte over a loopback TCP connection, for requests no HTTP client would
/// send: broken framing, heads that never end. What the server writes back is kept whole.
enum RawHTTP {
    /// A server's answers on one connection, parsed from the bytes it wrote until it closed.
    struct Exchange: Sendable {
        struct Response: Sendable {
            var status: Int
            /// Header names in lower case.
            var headers: [(name: String, value: String)]
            var body: String

            func header(_ name: String) -> String? { headers.first { $0.name == name.lowercased() }?.value }

            var json: [String: Any] {
                (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
            }
        }

        var responses: [Response] = []
        /// Bytes after the last whole response (nothing when the server wrote whole answers only).
        var leftover = ""
        /// From when the connection was asked for until the server closed it.
        var closedAfter: Duration = .zero
    }

    struct TimedOut: Error, CustomStringConvertible {
        let seconds: Double
        var description: String { "the server neither answered nor closed within \(seconds) s" }
    }

    /// Writes `request` to `127.0.0.1:port` (ending the sending side after it when `endSending`),
    /// and returns what the server wrote until it closed the connection.
    static func exchange(
        port: Int, _ request: [UInt8], endSending: Bool = false, within seconds: Double = 15
    ) async throws -> Exchange {
        let connection = try await Connection.open(port: port)
        // A server that refuses the connection closes it at once, perhaps before the request is
        // written: what it wrote (nothing) is the answer, not the failed write.
        if (try? await connection.send(request)) != nil, endSending { try? await connection.endSending() }
        return try await connection.untilClosed(within: seconds)
    }

    static func exchange(port: Int, _ request: String, endSending: Bool = false) async throws -> Exchange {
        try await exchange(port: port, Array(request.utf8), endSending: endSending)
    }

    /// One connection, held open for as long as the test wants: bytes out when asked, everything
    /// the server writes collected, and its close awaited.
    final class Connection: Sendable {
        let channel: any Channel
        private let collector: Collector
        private let handler: NIOLoopBound<CollectingHandler>
        /// When the connection was asked for: before the server can have accepted it.
        private let opened: ContinuousClock.Instant

        private init(
            channel: any Channel, collector: Collector, handler: NIOLoopBound<CollectingHandler>,
            opened: ContinuousClock.Instant
        ) {
            self.channel = channel
            self.collector = collector
            self.handler = handler
            self.opened = opened
        }

        static func open(port: Int, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async throws
            -> Connection
        {
            let opened = ContinuousClock.now
            let loop = group.next()
            let closed = loop.makePromise(of: [UInt8].self)
            // Kept from the start: a server refusing the connection may close it, and empty its
            // pipeline, before the connect returns.
            let added = loop.makePromise(of: NIOLoopBound<CollectingHandler>.self)
            let channel = try await ClientBootstrap(group: loop)
                .channelOption(.allowRemoteHalfClosure, value: false)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let handler = CollectingHandler(closed: closed)
                        try channel.pipeline.syncOperations.addHandler(handler)
                        added.succeed(NIOLoopBound(handler, eventLoop: channel.eventLoop))
                    }
                }
                .connect(host: "127.0.0.1", port: port).get()
            let handler = try await added.futureResult.get()
            return Connection(
                channel: channel, collector: Collector(closed: closed.futureResult), handler: handler, opened: opened)
        }

        /// Returns once the server has written `count` whole responses (the connection stays open).
        func responses(_ count: Int) async throws {
            let promise = channel.eventLoop.makePromise(of: Void.self)
            channel.eventLoop.execute { [handler] in handler.value.await(count, promise) }
            try await promise.futureResult.get()
        }

        func send(_ bytes: [UInt8]) async throws {
            try await channel.writeAndFlush(ByteBuffer(bytes: bytes))
        }

        func send(_ text: String) async throws { try await send(Array(text.utf8)) }

        /// Shuts down the sending side (a half close): the server reads an end of input.
        func endSending() async throws {
            try await channel.close(mode: .output)
        }

        /// What the server wrote until it closed the connection, and how long after opening it did.
        func untilClosed(within seconds: Double) async throws -> Exchange {
            let timedOut = NIOLockedValueBox(false)
            let bound = channel.eventLoop.scheduleTask(in: .milliseconds(Int64(seconds * 1_000))) {
                timedOut.withLockedValue { $0 = true }
                self.channel.close(promise: nil)
            }
            let bytes = try await collector.closed.get()
            let elapsed = ContinuousClock.now - opened
            bound.cancel()
            guard !timedOut.withLockedValue({ $0 }) else { throw TimedOut(seconds: seconds) }
            var exchange = RawHTTP.parse(bytes)
            exchange.closedAfter = elapsed
            return exchange
        }

        /// Whether the server has closed the connection.
        var isClosed: Bool { !channel.isActive }

        func close() async {
            try? await channel.close()
        }
    }

    private struct Collector: Sendable {
        let closed: EventLoopFuture<[UInt8]>
    }

    private final class CollectingHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer

        private var bytes: [UInt8] = []
        private let closed: EventLoopPromise<[UInt8]>
        private var awaited: (count: Int, promise: EventLoopPromise<Void>)?

        init(closed: EventLoopPromise<[UInt8]>) {
            self.closed = closed
        }

        func await(_ count: Int, _ promise: EventLoopPromise<Void>) {
            awaited = (count, promise)
            check()
        }

        private func check() {
            guard let awaited, RawHTTP.parse(bytes).responses.count >= awaited.count else { return }
            self.awaited = nil
            awaited.promise.succeed()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = unwrapInboundIn(data)
            bytes += buffer.readBytes(length: buffer.readableBytes) ?? []
            check()
        }

        func channelInactive(context: ChannelHandlerContext) {
            closed.succeed(bytes)
            awaited?.promise.fail(ChannelError.ioOnClosedChannel)
            awaited = nil
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            // A reset after the answer: what came before it is the answer.
            context.close(promise: nil)
        }
    }

    /// Splits what a server wrote into responses (each body by its `Content-Length`).
    static func parse(_ bytes: [UInt8]) -> Exchange {
        var exchange = Exchange()
        var rest = bytes[...]
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while let end = rest.firstRange(of: separator) {
            let head = String(decoding: rest[rest.startIndex..<end.lowerBound], as: UTF8.self)
            var lines = head.components(separatedBy: "\r\n")
            let statusLine = lines.removeFirst().split(separator: " ")
            guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
                break
            }
            let headers = lines.compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (
                    line[..<colon].lowercased(),
                    line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                )
            }
            let length = headers.first { $0.0 == "content-length" }.flatMap { Int($0.1) } ?? 0
            let bodyStart = end.upperBound
            guard rest.distance(from: bodyStart, to: rest.endIndex) >= length else { break }
            let bodyEnd = rest.index(bodyStart, offsetBy: length)
            exchange.responses.append(
                .init(
                    status: status, headers: headers.map { (name: $0.0, value: $0.1) },
                    body: String(decoding: rest[bodyStart..<bodyEnd], as: UTF8.self)))
            rest = rest[bodyEnd...]
        }
        exchange.leftover = String(decoding: rest, as: UTF8.self)
        return exchange
    }
}
