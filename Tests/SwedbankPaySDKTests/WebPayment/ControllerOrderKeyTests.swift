import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

/// A callback-style configuration (5.0.3's protocol, not the async one) that reads the order's
/// key the way the documentation tells custom configurations to: at the start of the call.
@MainActor
private final class CallbackKeyReader: SwedbankPaySDKConfigurationWithCallbackScheme {
    let callbackScheme = "testcallback"
    var keys: [SwedbankPaySDK.IdempotencyKey?] = [] {
        didSet { Arrivals.anything.arrive() }
    }

    nonisolated func postPaymentorders(
        paymentOrder: SwedbankPaySDK.PaymentOrder?, userData: Any?, consumerProfileRef: String?,
        options: SwedbankPaySDK.VersionOptions,
        completion: @escaping @Sendable (Result<SwedbankPaySDK.ViewPaymentOrderInfo, any Error>) -> Void
    ) {
        let key = SwedbankPaySDK.IdempotencyKey.current
        MainActor.assumeIsolated { keys.append(key) }
    }
}

/// One payment the app starts is one payment order with one `IdempotencyKey`: the same key for the
/// creation redone after restoring, a new one for the next payment.
@MainActor
@Suite(.serialized) struct ControllerOrderKeyTests {
    @Test func aRestoredCreationSendsTheKeyOfTheFirst() async throws {
        let before = ControllerHarness(configuration: StubWebConfiguration(paymentOrders: [.hang]))
        before.controller.startPayment(paymentOrder: WebPaymentFixtures.order)
        await settle { before.configuration.orderKeys.count == 1 }
        let data = try before.controller.paymentRestorationData()
        before.controller.abortPayment()

        let after = ControllerHarness(
            configuration: StubWebConfiguration(paymentOrders: [.value(WebPaymentFixtures.v3Info)]))
        after.controller.restorePayment(from: data)
        await settle { after.pages.count == 1 }
        let first = try #require(before.configuration.orderKeys.first ?? nil)
        #expect(after.configuration.orderKeys == [first])
        #expect(UUID(uuidString: first.value) != nil)
    }

    @Test func eachPaymentStartedHasANewKey() async throws {
        let first = ControllerHarness()
        await first.startV3()
        let second = ControllerHarness()
        await second.startV3()
        let keys = (first.configuration.orderKeys + second.configuration.orderKeys).compactMap { $0 }
        #expect(keys.count == 2)
        #expect(Set(keys).count == 2)
    }

    @Test func dataSavedWithoutAKeyRestoresWithANewOne() async throws {
        let before = ControllerHarness(configuration: StubWebConfiguration(paymentOrders: [.hang]))
        before.controller.startPayment(paymentOrder: WebPaymentFixtures.order)
        await settle { before.configuration.orderKeys.count == 1 }
        var saved = try JSONDecoder().decode(
            SwedbankPaySDK.JSONValue.self, from: try before.controller.paymentRestorationData())
        before.controller.abortPayment()
        guard case .object(var object) = saved else { throw CancellationError() }
        #expect(object["orderKey"] == .string(before.configuration.orderKeys.first??.value ?? ""))
        object["orderKey"] = nil
        saved = .object(object)

        let after = ControllerHarness(
            configuration: StubWebConfiguration(paymentOrders: [.value(WebPaymentFixtures.v3Info)]))
        after.controller.restorePayment(from: try JSONEncoder().encode(saved))
        await settle { after.pages.count == 1 }
        let restored = try #require(after.configuration.orderKeys.first ?? nil)
        #expect(restored != before.configuration.orderKeys.first)
    }

    @Test func aCallbackConfigurationReadsTheKeyWhenCalled() async throws {
        let configuration = CallbackKeyReader()
        let host = ScriptedWebViewHost()
        let controller = SwedbankPaySDKController(
            configuration: configuration, webViewHost: host, appLauncher: WebRecordingAppLauncher())
        controller.startPayment(paymentOrder: WebPaymentFixtures.order)
        await settle { configuration.keys.count == 1 }
        let data = try controller.paymentRestorationData()
        controller.abortPayment()

        let restored = SwedbankPaySDKController(
            configuration: configuration, webViewHost: host, appLauncher: WebRecordingAppLauncher())
        restored.restorePayment(from: data)
        await settle { configuration.keys.count == 2 }
        #expect(configuration.keys[0] != nil)
        #expect(configuration.keys[0] == configuration.keys[1])
        restored.abortPayment()
    }

    @Test func outsideACreationThereIsNoCurrentKey() async throws {
        #expect(SwedbankPaySDK.IdempotencyKey.current == nil)
        let key = SwedbankPaySDK.IdempotencyKey()
        let seen = await SwedbankPaySDK.IdempotencyKey.withCurrent(key) {
            await Task { SwedbankPaySDK.IdempotencyKey.current }.value
        }
        #expect(seen == key)
        #expect(SwedbankPaySDK.IdempotencyKey.current == nil)
    }
}
