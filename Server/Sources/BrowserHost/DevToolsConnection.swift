import Foundation
import Logging
import NIOCore
import SwedbankPaySDK
import WSClient

/// One Chrome DevTools Protocol connection over a WebSocket: numbered commands answered by id,
/// and events delivered to subscribers. Commands may carry a `sessionId` to address a page.
actor DevToolsConnection {
    /// An event: its method, params and the session it belongs to (nil for the browser).
    struct Event: Sendable {
        let method: String
        let params: SwedbankPaySDK.JSONObject
        let sessionId: String?
    }

    private var writer: WebSocketOutboundWriter?
    private var writerWaiters: [CheckedContinuation<WebSocketOutboundWriter, any Error>] = []
    private var pending: [Int: CheckedContinuation<SwedbankPaySDK.JSONObject, any Error>] = [:]
    private var pendingMethods: [Int: String] = [:]
    private var nextId = 0
    private var subscribers: [UUID: AsyncStream<Event>.Continuation] = [:]
    private var closedReason: String?
    private var runTask: Task<Void, Never>?

    private init() {}

    /// Connects to `url` and starts reading messages.
    static func connect(url: String, logger: Logger) async throws -> DevToolsConnection {
        let connection = DevToolsConnection()
        await connection.run(url: url, logger: logger)
        _ = try await connection.outboundWriter()
        return connection
    }

    // The reading task holds the connection until the socket closes; `close(reason:)` cancels it.
    private func run(url: String, logger: Logger) {
        let connection = self
        runTask = Task {
            do {
                var configuration = WebSocketClientConfiguration()
                configuration.maxFrameSize = 1 << 26
                try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) {
                    inbound, outbound, _ in
                    await connection.attach(outbound)
                    for try await message in inbound.messages(maxSize: 1 << 27) {
                        guard case .text(let text) = message else { continue }
                        await connection.receive(text)
                    }
                }
                await connection.close(reason: "the browser closed the connection")
            } catch {
                await connection.close(reason: "\(error)")
            }
        }
    }

    /// Sends a command and returns its `result`.
    func send(
        _ method: String, _ params: SwedbankPaySDK.JSONObject = [:], sessionId: String? = nil
    ) async throws -> SwedbankPaySDK.JSONObject {
        let writer = try await outboundWriter()
        nextId += 1
        let id = nextId
        var message: SwedbankPaySDK.JSONObject = [
            "id": .integer(Int64(id)), "method": .string(method), "params": .object(params),
        ]
        if let sessionId { message["sessionId"] = .string(sessionId) }
        let data = try JSONEncoder().encode(SwedbankPaySDK.JSONValue.object(message))
        return try await withCheckedThrowingContinuation { continuation in
            pending[id] = continuation
            pendingMethods[id] = method
            Task {
                do {
                    try await writer.writeTextMessage(String(decoding: data, as: UTF8.self))
                } catch {
                    self.fail(id: id, error: BrowserHostError.connectionClosed("\(error)"))
                }
            }
        }
    }

    /// A stream of every event from now on.
    func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .unbounded)
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        if closedReason != nil { continuation.finish() }
        return stream
    }

    /// Closes the connection; pending commands fail.
    func close(reason: String) {
        guard closedReason == nil else { return }
        closedReason = reason
        for (_, continuation) in pending {
            continuation.resume(throwing: BrowserHostError.connectionClosed(reason))
        }
        pending = [:]
        for waiter in writerWaiters {
            waiter.resume(throwing: BrowserHostError.connectionClosed(reason))
        }
        writerWaiters = []
        for (_, subscriber) in subscribers { subscriber.finish() }
        subscribers = [:]
        runTask?.cancel()
    }

    private func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }

    private func attach(_ writer: WebSocketOutboundWriter) {
        self.writer = writer
        for waiter in writerWaiters { waiter.resume(returning: writer) }
        writerWaiters = []
    }

    private func outboundWriter() async throws -> WebSocketOutboundWriter {
        if let writer { return writer }
        if let closedReason { throw BrowserHostError.connectionClosed(closedReason) }
        return try await withCheckedThrowingContinuation { writerWaiters.append($0) }
    }

    private func fail(id: Int, error: any Error) {
        pendingMethods[id] = nil
        pending.removeValue(forKey: id)?.resume(throwing: error)
    }

    private func receive(_ text: String) {
        guard let value = try? JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: Data(text.utf8)),
            let message = value.objectValue
        else { return }
        if let id = message["id"]?.integerValue.map(Int.init) {
            let method = pendingMethods.removeValue(forKey: id) ?? "?"
            guard let continuation = pending.removeValue(forKey: id) else { return }
            if let error = message["error"]?.objectValue {
                continuation.resume(
                    throwing: BrowserHostError.protocolError(
                        method: method, message: error["message"]?.stringValue ?? "unknown error"))
            } else {
                continuation.resume(returning: message["result"]?.objectValue ?? [:])
            }
        } else if let method = message["method"]?.stringValue {
            let event = Event(
                method: method, params: message["params"]?.objectValue ?? [:],
                sessionId: message["sessionId"]?.stringValue)
            for (_, subscriber) in subscribers { subscriber.yield(event) }
        }
    }
}
