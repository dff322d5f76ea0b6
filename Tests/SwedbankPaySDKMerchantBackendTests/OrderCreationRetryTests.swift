import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDKMerchantBackend

/// `postPaymentorders` sends one `Idempotency-Key` per order and tries again, with that key,
/// exactly when an answer was lost.
@Suite struct OrderCreationRetryTests {
    static let ordersURL = URL(string: MerchantBackendHarness.paymentordersURL)!
    static let lost = StubHTTPClient.Reply.failure(.connectionFailed(ordersURL, description: "reset"))
    static let timedOut = StubHTTPClient.Reply.failure(.timedOut(ordersURL))

    /// The harness's configuration retrying on a manual clock: 3 tries, waits of 1 s and 2 s.
    private static func harness(
        clock: ManualClock
    ) -> (MerchantBackendHarness, SwedbankPaySDK.MerchantBackendConfiguration) {
        let harness = MerchantBackendHarness()
        var configuration = harness.configuration
        configuration.orderCreationRetry = SwedbankPaySDK.OrderCreationRetry(clock: clock)
        return (harness, configuration)
    }

    private static func create(
        _ configuration: SwedbankPaySDK.MerchantBackendConfiguration, order: SwedbankPaySDK.PaymentOrder
    ) async throws -> SwedbankPaySDK.ViewPaymentOrderInfo {
        try await configuration.postPaymentorders(
            paymentOrder: order, userData: nil, consumerProfileRef: nil, options: .isV3)
    }

    @Test func theKeyIsSentAfterTheOtherHeaders() async throws {
        let harness = MerchantBackendHarness()
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(v3Created, status: 201))
        let key = try #require(SwedbankPaySDK.IdempotencyKey("order-key-1"))
        _ = try await SwedbankPaySDK.IdempotencyKey.withCurrent(key) {
            try await Self.create(harness.configuration, order: harness.order)
        }
        #expect(harness.requestLines == ["GET \(MerchantBackendHarness.backend)", "POST \(Self.ordersURL)"])
        #expect(
            harness.http.requests[1].headers.map { "\($0.name): \($0.value)" } == [
                "Accept: application/json, application/problem+json",
                "Content-Type: application/json",
                "User-Agent: \(SwedbankPaySDK.VersionReporter.userAgent)",
                "x-payex-sample-access-token: token-1",
                "x-payex-sample-apikey: key",
                "Idempotency-Key: order-key-1",
            ])
        // Only order creation carries a key.
        #expect(harness.http.requests[0].headers["Idempotency-Key"] == nil)
    }

    @Test func eachCallWithoutAnAssignedKeyIsANewOrderWithANewKey() async throws {
        let harness = MerchantBackendHarness()
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(v3Created, status: 201))
        _ = try await Self.create(harness.configuration, order: harness.order)
        _ = try await Self.create(harness.configuration, order: harness.order)
        let keys = harness.http.requests.dropFirst().map { $0.headers.values(for: "Idempotency-Key") }
        #expect(keys.count == 2)
        #expect(keys.allSatisfy { $0.count == 1 })
        let first = try #require(keys.first?.first)
        let second = try #require(keys.last?.first)
        #expect(first != second)
        for key in [first, second] {
            #expect(key.count == 36)
            #expect(key == key.lowercased())
            #expect(UUID(uuidString: key) != nil)
        }
    }

    @Test func aConfiguredKeyNeverReplacesTheOrdersOwn() async throws {
        let harness = MerchantBackendHarness(headers: ["Idempotency-Key": "same-for-every-order", "X-Extra": "1"])
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(v3Created, status: 201))
        let key = try #require(SwedbankPaySDK.IdempotencyKey("k-2"))
        _ = try await SwedbankPaySDK.IdempotencyKey.withCurrent(key) {
            try await Self.create(harness.configuration, order: harness.order)
        }
        #expect(harness.http.requests[1].headers.values(for: "Idempotency-Key") == ["k-2"])
        #expect(harness.http.requests[1].headers["X-Extra"] == "1")
    }

    @Test func lostAnswersAreTriedAgainWithTheSameKeyAndBodyAfterOneThenTwoSeconds() async throws {
        let clock = ManualClock()
        let (harness, configuration) = Self.harness(clock: clock)
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, times: 1, reply: Self.lost)
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, times: 1, reply: Self.timedOut)
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(v3Created, status: 201))
        let order = harness.order
        let creation = Task { try await Self.create(configuration, order: order) }

        #expect(await harness.http.waitForRequests(2))
        await clock.waitForSleepers(1)
        clock.advance(by: 0.999)
        #expect(clock.sleeperCount == 1)  // not yet: the first wait is 1 s
        #expect(harness.http.requests.count == 2)
        clock.advance(by: 0.001)
        #expect(await harness.http.waitForRequests(3))
        await clock.waitForSleepers(1)
        clock.advance(by: 1.999)
        #expect(clock.sleeperCount == 1)  // the second wait is 2 s
        clock.advance(by: 0.001)

        let info = try await creation.value
        #expect(info.paymentId == "/psp/paymentorders/5adc265f-f87f-4313-577e-08d3dca1a26c")
        #expect(
            harness.requestLines == [
                "GET \(MerchantBackendHarness.backend)", "POST \(Self.ordersURL)", "POST \(Self.ordersURL)",
                "POST \(Self.ordersURL)",
            ])
        let posts = harness.http.requests.dropFirst()
        let keys = Set(posts.map { $0.headers.values(for: "Idempotency-Key") })
        #expect(keys.count == 1)
        #expect(keys.first?.count == 1)
        #expect(Set(posts.map(\.body)).count == 1)
        #expect(clock.now == 3)
    }

    @Test func aLostDiscoveryIsPartOfTheTryAndRetriedToo() async throws {
        let clock = ManualClock()
        let harness = MerchantBackendHarness(discovery: nil)
        var configuration = harness.configuration
        configuration.orderCreationRetry = SwedbankPaySDK.OrderCreationRetry(clock: clock)
        let backend = URL(string: MerchantBackendHarness.backend)!
        harness.http.on("GET", backend, times: 1, reply: .failure(.timedOut(backend)))
        harness.http.on("GET", backend, reply: .json(#"{"consumers": "c", "paymentorders": "paymentorders"}"#))
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(v3Created, status: 201))
        let order = harness.order
        let creation = Task { try await Self.create(configuration, order: order) }
        await clock.waitForSleepers(1)
        clock.advance(by: 1)
        _ = try await creation.value
        #expect(
            harness.requestLines == [
                "GET \(MerchantBackendHarness.backend)", "GET \(MerchantBackendHarness.backend)",
                "POST \(Self.ordersURL)",
            ])
    }

    @Test func theTriesAreBoundedAndTheLastLossIsReported() async throws {
        let clock = ManualClock()
        let (harness, configuration) = Self.harness(clock: clock)
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: Self.lost)
        let order = harness.order
        let creation = Task { try await Self.create(configuration, order: order) }
        #expect(await harness.http.waitForRequests(2))
        await clock.waitForSleepers(1)
        clock.advance(by: 1)
        #expect(await harness.http.waitForRequests(3))
        await clock.waitForSleepers(1)
        clock.advance(by: 2)
        let error = await merchantBackendError { _ = try await creation.value }
        #expect(
            error == .networkError(SwedbankPaySDK.TransportError.connectionFailed(Self.ordersURL, description: "reset"))
        )
        #expect(harness.http.requests.count == 4)
        #expect(clock.sleeperCount == 0)
    }

    @Test(arguments: [
        StubHTTPClient.Reply.problem(
            #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/badgateway","title":"Bad Gateway","status":502}"#,
            status: 502),
        .text("Bad Gateway", status: 502),
        .problem(
            #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/badrequest","title":"Bad Request","status":409,"detail":"A request with this Idempotency-Key is still being processed; try again shortly."}"#,
            status: 409),
        .failure(.untrustedServer(ordersURL)),
        .failure(.invalidRequest(ordersURL, description: "no")),
    ])
    func anAnswerOrAFinalFailureIsNeverRetried(_ reply: StubHTTPClient.Reply) async throws {
        let clock = ManualClock()
        let (harness, configuration) = Self.harness(clock: clock)
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: reply)
        let error = await merchantBackendError { _ = try await Self.create(configuration, order: harness.order) }
        #expect(error != nil)
        #expect(harness.http.requests.count == 2)
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingDuringTheWaitEndsTheCreation() async throws {
        let clock = ManualClock()
        let (harness, configuration) = Self.harness(clock: clock)
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: Self.lost)
        let order = harness.order
        let creation = Task { try await Self.create(configuration, order: order) }
        await clock.waitForSleepers(1)
        creation.cancel()
        await #expect(throws: CancellationError.self) { _ = try await creation.value }
        #expect(harness.http.requests.count == 2)
        #expect(clock.sleeperCount == 0)
    }

    @Test func neverTriesOnce() async throws {
        let harness = MerchantBackendHarness()
        var configuration = harness.configuration
        configuration.orderCreationRetry = .never
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: Self.timedOut)
        let error = await merchantBackendError { _ = try await Self.create(configuration, order: harness.order) }
        #expect(error == .networkError(SwedbankPaySDK.TransportError.timedOut(Self.ordersURL)))
        #expect(harness.http.requests.count == 2)
    }
}
