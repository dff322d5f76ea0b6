#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1
import SwedbankPaySDK

/// Hummingbird's HTTP/1.1 child channel with a ``ConnectionWatch`` around it: a
/// ``RequestBytesHandler`` right before the HTTP decoder and an ``HTTPPartsHandler`` right after
/// the codec, ahead of the server's own handlers. Hummingbird's idle timeout is not used: the
/// watch keeps the timeouts (``ConnectionLimits``).
///
/// Served over TLS (`TLSIdentity.server(_:)`), the TLS handler comes first and this channel's
/// handlers after it, so the watch sees the requests' plaintext bytes: the header timeout starts
/// at a request's first byte, as over plain HTTP, and a handshake or a connection that sends no
/// request waits out the idle timeout.
struct GuardedHTTP1Channel: HTTPChannelHandler {
    typealias Value = HTTP1Channel.Value

    let responder: HTTPChannelHandler.Responder
    let connections: ServerConnections
    let additionalChannelHandlers: @Sendable () -> [any RemovableChannelHandler]
    /// The server's problem for a broken request: its status and document.
    let problem: @Sendable (RequestFramingError) -> (status: Int, body: ByteBuffer)

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let configuration = HTTP1Channel.Configuration(
            additionalChannelHandlers: additionalChannelHandlers(), idleTimeout: nil,
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: ConnectionLimits.maxHeadBytes, maxHeaderListSize: ConnectionLimits.maxHeadBytes,
                maxHeaderFieldCount: ConnectionLimits.maxHeaderFields))
        let http1 = HTTP1Channel(responder: responder, configuration: configuration)
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { [connections, problem] value in
            // On the channel's event loop, before it is registered: nothing has been read yet.
            let watch = ConnectionWatch(channel: channel, connections: connections)
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(RequestBytesHandler(watch: watch), position: .before(decoder))
            let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
            try pipeline.addHandler(HTTPPartsHandler(watch: watch, problem: problem), position: .after(codec))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: value, logger: logger)
    }
}

extension ServerConnections {
    /// An HTTP/1.1 server whose connections these limits bound, answering malformed requests with
    /// `Problem`'s 400 (or 431) problem; `additionalChannelHandlers` come after the HTTP codec.
    public func http1<Problem: RouterProblems>(
        problems: Problem.Type,
        additionalChannelHandlers: @autoclosure @escaping @Sendable () -> [any RemovableChannelHandler] = []
    ) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            GuardedHTTP1Channel(
                responder: responder, connections: self, additionalChannelHandlers: additionalChannelHandlers,
                problem: { framing in
                    let problem = Problem.invalidRequest(framing.detail, status: framing.status)
                    var document = problem.document
                    if let instance = Problem.newInstance() { document["instance"] = .string(instance) }
                    return (problem.status, ByteBuffer(bytes: SwedbankPaySDK.JSONValue.object(document).serialized()))
                })
        }
    }
}
#endif
