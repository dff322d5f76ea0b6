import Foundation
import Hummingbird
import Logging
import NIOCore
import ServerSupport
import SwedbankPaySDK
import Testing

/// A merchant's callback endpoint on a loopback socket (port 0), for callback delivery tests.
enum CallbackReceiver {
    /// Runs `body` with the endpoint's URL and its inbox, then stops the server.
    static func run(
        answers: [Int] = [], holding: Bool = false,
        _ body: @escaping @Sendable (String, CallbackInbox) async throws -> Void
    ) async throws {
        let inbox = CallbackInbox(answers: answers, holding: holding)
        let router = Router()
        router.post("/callback") { request, _ -> Response in
            let buffer = try await request.body.collect(upTo: 1 << 16)
            let status = await inbox.receive(Data(buffer: buffer))
            return Response(status: .init(code: status))
        }
        let (listening, server) = await RunningServices.onLoopback(router, label: "CallbackReceiver")
        let port = try #require(listening)
        do {
            try await body("http://127.0.0.1:\(port)/callback", inbox)
        } catch {
            await inbox.release()
            await server.stop()
            throw error
        }
        await inbox.release()
        await server.stop()
    }
}
