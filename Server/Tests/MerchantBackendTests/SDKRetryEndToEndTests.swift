import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend
import SwedbankPaySDKTesting
import Synchronization
import Testing

@testable import MerchantBackend

/// A transport that loses the answer to the first order creation: the request reaches the backend,
/// which creates the order and answers, but the app sees a broken connection instead — a payer
/// on a flaky network.
private final class LosingFirstAnswer: SwedbankPaySDK.HTTPClient {
    private let real = SwedbankPaySDK.URLSessionHTTPClient()
    private let sent = Mutex<[SwedbankPaySDK.HTTPRequest]>([])
    private let answers = Mutex<[SwedbankPaySDK.HTTPResponse]>([])

    /// The order creations sent, in order.
    var creations: [SwedbankPaySDK.HTTPRequest] { sent.withLock { $0 } }
    /// What the backend answered them, the lost answer first.
    var creationAnswers: [SwedbankPaySDK.HTTPResponse] { answers.withLock { $0 } }

    func send(
        _ request: SwedbankPaySDK.HTTPRequest
    ) async throws(SwedbankPaySDK.TransportError) -> SwedbankPaySDK.HTTPResponse {
        guard request.method == "POST", request.url.path.hasSuffix("/paymentorders") else {
            return try await real.send(request)
        }
        let isFirst = sent.withLock {
            $0.append(request)
            return $0.count == 1
        }
        let response = try await real.send(request)
        answers.withLock { $0.append(response) }
        if isFirst { throw .connectionFailed(request.url, description: "the answer was lost") }
        return response
    }
}

/// The SDK's order creation against the real backend on loopback: a lost answer is retried with
/// the same `Idempotency-Key`, and the backend answers the order the lost try made — one order at
/// the backend, one at Swedbank Pay.
@Suite(.timeLimit(.minutes(2))) struct SDKRetryEndToEndTests {
    @Test func aLostAnswerIsRetriedAndAnsweredWithTheSameOrder() async throws {
        try await BackendHarness.run { harness in
            let transport = LosingFirstAnswer()
            let user = "retrying-user-" + UUID().uuidString.lowercased()
            var configuration = SwedbankPaySDK.MerchantBackendConfiguration(
                backendUrl: URL(string: harness.backendURL + "/")!, callbackScheme: "testapp",
                headers: BackendHarness.headers(of: user), httpClient: transport, requestTimeout: 10)
            let clock = ManualClock()
            configuration.orderCreationRetry = SwedbankPaySDK.OrderCreationRetry(clock: clock)
            let order = SDKEndToEndTests.order(configuration)
            let creation = Task {
                try await configuration.postPaymentorders(
                    paymentOrder: order, userData: nil, consumerProfileRef: nil, options: .isV3)
            }
            await clock.waitForSleepers(1)
            clock.advance(by: 1)
            let info = try await creation.value

            let keys = transport.creations.map { $0.headers.values(for: "Idempotency-Key") }
            #expect(keys.count == 2)
            #expect(keys.first?.count == 1)
            #expect(keys.first == keys.last)
            #expect(transport.creations.first?.body == transport.creations.last?.body)
            let answers = transport.creationAnswers
            #expect(answers.map(\.status) == [201, 201])
            #expect(answers.last?.headers["Idempotent-Replayed"] == "true")
            #expect(answers.first?.body == answers.last?.body)

            let paymentId = try #require(info.paymentId)
            let lost = try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: try #require(answers.first?.body))
            #expect(lost.objectValue?["paymentOrder"]?.objectValue?["id"] == .string(paymentId))
            let recorded = try await harness.backend.services.store.all().filter { $0.userID == user }
            #expect(recorded.map(\.pspID) == [paymentId])
            #expect(recorded.first?.idempotencyKey == keys.first?.first)
            let creations = try await harness.sandboxRequests().filter { $0 == "POST /psp/paymentorders" }
            #expect(creations.count == 1)
        }
    }
}
