import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// HTTP/1.1 spoken byte for byte over a loopback connection, plain TCP or TLS, for requests no
/// HTTP client would send as they are: broken framing, heads that never end, or requests shaped
/// exactly as another client sends them (header names, order, letter case and body of the
/// reference SDK 5.0.3), which an HTTP client library would reshape. What the server writes back
/// is kept whole.
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

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `request` to `127.0.0.1:port` (ending the sending side after it when `endSending`),
    /// and returns what the server wrote until it closed the connection.
    static func exchange(
        port: Int, _ request: [UInt8], endSending: Bool = false, tls: TLSConfiguration? = nil,
        within seconds: Double = 15
    ) async throws -> Exchange {
        let connection = try await Connection.open(port: port, tls: tls)
        // A server that refuses the connection closes it at once, perhaps before the request is
        // written: what it wrote (nothing) is the answer, not the failed write.
        if (try? await connection.send(request)) != nil, endSending { try? await connection.endSending() }
        return try await connection.untilClosed(within: seconds)
    }

    static func exchange(
        port: Int, _ request: String, endSending: Bool = false, tls: TLSConfiguration? = nil
    ) async throws -> Exchange {
        try await exchange(port: port, Array(request.utf8), endSending: endSending, tls: tls)
    }

    /// Writes `request` to `127.0.0.1:port` (over TLS with `tls`) and returns the server's first
    /// whole response, then closes the connection.
    static func response(_ request: String, port: Int, tls: TLSConfiguration? = nil) async throws
        -> Exchange.Response
    {
        let connection = try await Connection.open(port: port, tls: tls)
        do {
            try await connection.send(request)
            let response = try await connection.responses(1)[0]
            await connection.close()
            return response
        } catch {
            await connection.close()
            throw error
        }
    }

    /// A request's text from its head lines and body, with `\r\n` line ends and, for a body,
    /// its `Content-Length` last (where CFNetwork puts it).
    static func message(_ head: [String], body: String? = nil) -> String {
        var lines = head
        if let body { lines.append("Content-Length: \(body.utf8.count)") }
        return lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")
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

        /// A connection to `127.0.0.1:port`; with `tls`, a TLS client's (the bytes sent and
        /// collected are the plaintext inside it).
        static func open(
            port: Int, tls: TLSConfiguration? = nil, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
        ) async throws -> Connection {
            let context = try tls.map { try NIOSSLContext(configuration: $0) }
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
                        if let context {
                            try channel.pipeline.syncOperations.addHandler(
                                NIOSSLClientHandler(context: context, serverHostname: nil))
                        }
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

        /// Returns the first `count` whole responses once the server has written them (the
        /// connection stays open).
        @discardableResult
        func responses(_ count: Int) async throws -> [Exchange.Response] {
            let promise = channel.eventLoop.makePromise(of: [Exchange.Response].self)
            channel.eventLoop.execute { [handler] in handler.value.await(count, promise) }
            return try await promise.futureResult.get()
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
        private var awaited: (count: Int, promise: EventLoopPromise<[Exchange.Response]>)?
        /// The connection closed: no more bytes will come.
        private var isClosed = false

        init(closed: EventLoopPromise<[UInt8]>) {
            self.closed = closed
        }

        func await(_ count: Int, _ promise: EventLoopPromise<[Exchange.Response]>) {
            awaited = (count, promise)
            check()
            // Asked after the server closed: what came is all there will be.
            if isClosed { failAwaited() }
        }

        private func failAwaited() {
            awaited?.promise.fail(
                Failure(
                    description:
                        "the connection closed before the responses awaited: \(String(decoding: bytes, as: UTF8.self))")
            )
            awaited = nil
        }

        private func check() {
            guard let awaited else { return }
            let responses = RawHTTP.parse(bytes).responses
            guard responses.count >= awaited.count else { return }
            self.awaited = nil
            awaited.promise.succeed(Array(responses.prefix(awaited.count)))
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = unwrapInboundIn(data)
            bytes += buffer.readBytes(length: buffer.readableBytes) ?? []
            check()
        }

        func channelInactive(context: ChannelHandlerContext) {
            closed.succeed(bytes)
            isClosed = true
            failAwaited()
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            // A reset after the answer: what came before it is the answer.
            context.close(promise: nil)
        }
    }

    /// Splits what a server wrote into responses (each body by its `Content-Length`, or chunked).
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
            let headers = lines.compactMap { line -> (name: String, value: String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (
                    line[..<colon].lowercased(),
                    line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                )
            }
            let chunked = headers.contains { $0.name == "transfer-encoding" && $0.value.lowercased() == "chunked" }
            let length = headers.first { $0.name == "content-length" }.flatMap { Int($0.value) }
            let read =
                chunked && length == nil
                ? chunkedBody(rest[end.upperBound...]) : sizedBody(rest[end.upperBound...], length ?? 0)
            guard let (body, bodyEnd) = read else { break }
            exchange.responses.append(
                .init(status: status, headers: headers, body: String(decoding: body, as: UTF8.self)))
            rest = rest[bodyEnd...]
        }
        exchange.leftover = String(decoding: rest, as: UTF8.self)
        return exchange
    }

    /// The `length` bytes at the start of `bytes` and where they end; nil while they have not all come.
    private static func sizedBody(_ bytes: ArraySlice<UInt8>, _ length: Int) -> ([UInt8], Int)? {
        guard bytes.count >= length else { return nil }
        let end = bytes.index(bytes.startIndex, offsetBy: length)
        return (Array(bytes[..<end]), end)
    }

    /// A chunked body at the start of `bytes` (no trailer fields) and where it ends; nil while it
    /// has not all come, or when a chunk size cannot be read.
    private static func chunkedBody(_ bytes: ArraySlice<UInt8>) -> ([UInt8], Int)? {
        let lineEnd: [UInt8] = Array("\r\n".utf8)
        var body: [UInt8] = []
        var index = bytes.startIndex
        while let sizeEnd = bytes[index...].firstRange(of: lineEnd) {
            let sizeText = String(decoding: bytes[index..<sizeEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16) else { return nil }
            let start = sizeEnd.upperBound
            // Every chunk, the last (size 0) too, ends with a line end.
            guard bytes.endIndex - start >= size + lineEnd.count else { return nil }
            if size == 0 { return (body, start + lineEnd.count) }
            body += bytes[start..<start + size]
            index = start + size + lineEnd.count
        }
        return nil
    }
}
