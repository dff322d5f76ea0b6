#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Sits before the HTTP decoder and tells the ``ConnectionWatch`` that bytes came: the first
/// byte of a request starts its header timeout, which no later byte extends.
final class RequestBytesHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let watch: ConnectionWatch

    init(watch: ConnectionWatch) {
        self.watch = watch
    }

    func channelActive(context: ChannelHandlerContext) {
        watch.started()
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        watch.stopped()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        watch.bytesArrived()
        context.fireChannelRead(data)
    }
}

/// Sits after the HTTP codec: tells the ``ConnectionWatch`` when a request's head and end arrive
/// and when an answer ends, and turns the decoder's errors into ``RequestFramingError``s.
///
/// A request broken in its body fails the body the route reads (the route's problem answers it);
/// one broken before its head is complete is answered here, with the server's problem document
/// and `Connection: close`, after any answer still owed on the connection. Either way the
/// connection closes after: what follows a framing error cannot be told apart from the error.
final class HTTPPartsHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let watch: ConnectionWatch
    private let problem: @Sendable (RequestFramingError) -> (status: Int, body: ByteBuffer)
    /// A framing error met; later errors of the same broken input are dropped.
    private var failed = false
    /// A broken request to answer once the answers owed before it are written.
    private var unanswered: RequestFramingError?

    init(watch: ConnectionWatch, problem: @escaping @Sendable (RequestFramingError) -> (status: Int, body: ByteBuffer))
    {
        self.watch = watch
        self.problem = problem
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            guard watch.headArrived() else {
                // Its connection went to a newer one; the request is not served.
                context.close(promise: nil)
                return
            }
        case .body:
            break
        case .end:
            watch.requestEnded()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        context.write(data, promise: promise)
        watch.answerEnded()
        if let unanswered, watch.phase.isReplaceable {
            self.unanswered = nil
            answer(unanswered, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let framing = RequestFramingError.from(error) else {
            context.fireErrorCaught(error)
            return
        }
        guard !failed else { return }
        failed = true
        switch watch.phase {
        case .awaitingRequest, .readingHead:
            answer(framing, context: context)
        case .readingBody:
            // The route reading the body, or Hummingbird skipping it, meets the error; either
            // way the connection then closes.
            context.fireErrorCaught(framing)
        case .answering:
            unanswered = framing
        }
    }

    /// Writes the problem for `framing` and closes the connection.
    private func answer(_ framing: RequestFramingError, context: ChannelHandlerContext) {
        let (status, body) = problem(framing)
        let head = HTTPResponse(
            status: .init(code: status),
            headerFields: [
                .contentType: "application/problem+json", .contentLength: "\(body.readableBytes)",
                .connection: "close",
            ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
#endif
