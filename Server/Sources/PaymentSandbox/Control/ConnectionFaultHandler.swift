#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes
import ServerSupport

/// A channel handler that carries out `reset` and `hang` faults on a real connection.
///
/// Hummingbird gives middleware no handle on the connection, so ``FaultMiddleware`` answers with a
/// marker response (header `X-Sandbox-Fault: reset <id>` or `hang <id>`) and this handler, which
/// sits between the HTTP codec and the application, acts on it before a byte of it is written:
/// - `reset`: sets `SO_LINGER` to 0 and closes, so the client sees a TCP reset (ECONNRESET).
/// - `hang`: drops this and every later response on the connection; the client gives up and
///   closes it, or the handler closes it after ``FaultAction/maxHangSeconds``.
final class ConnectionFaultHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum State {
        case passing
        case reset
        case hanging(Scheduled<Void>)
    }

    private var state = State.passing
    private let hangLimit: TimeAmount

    init(hangLimit: TimeAmount = .seconds(Int64(FaultAction.maxHangSeconds))) {
        self.hangLimit = hangLimit
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch state {
        case .reset:
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        case .hanging:
            // Accept and forget: the application believes it answered, the client hears nothing.
            promise?.succeed()
            return
        case .passing:
            break
        }
        guard case .head(let head) = unwrapOutboundIn(data),
            let marker = head.headerFields.value(FaultHeader.name).flatMap(FaultHeader.parse)
        else {
            context.write(data, promise: promise)
            return
        }
        switch marker.kind {
        case "reset":
            state = .reset
            promise?.fail(ChannelError.ioOnClosedChannel)
            // Linger 0 makes close() send RST rather than FIN: a reset, not a polite end.
            if let socket = context.channel as? any SocketOptionProvider {
                _ = socket.setSoLinger(linger(l_onoff: 1, l_linger: 0))
            }
            context.close(promise: nil)
        case "hang":
            let close = context.eventLoop.assumeIsolated().scheduleTask(in: hangLimit) {
                context.close(promise: nil)
            }
            state = .hanging(close)
            promise?.succeed()
        default:
            context.write(data, promise: promise)
        }
    }

    func flush(context: ChannelHandlerContext) {
        if case .passing = state { context.flush() }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // The client gave up: the bounded wait is no longer needed.
        if case .hanging(let close) = state { close.cancel() }
        context.fireChannelInactive()
    }
}
#endif
