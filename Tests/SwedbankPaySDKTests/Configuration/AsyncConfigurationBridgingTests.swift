import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

/// An async configuration whose operations wait on a manual clock, so a test decides when they end.
struct SlowAsyncConfiguration: SwedbankPaySDKConfigurationAsync {
    let clock: ManualClock
    let sawCancellation: Flag

    func postConsumers(
        consumer: SwedbankPaySDK.Consumer?, userData: Any?
    ) async throws -> SwedbankPaySDK.ViewConsumerIdentificationInfo {
        SwedbankPaySDK.ViewConsumerIdentificationInfo(
            webViewBaseURL: nil, viewConsumerIdentification: URL(string: "https://example.com/checkin.js")!)
    }

    func postPaymentorders(
        paymentOrder: SwedbankPaySDK.PaymentOrder?, userData: Any?, consumerProfileRef: String?,
        options: SwedbankPaySDK.VersionOptions
    ) async throws -> SwedbankPaySDK.ViewPaymentOrderInfo {
        var info = ConfigurationFixtures.info
        info.paymentId = "\(userData ?? "none")|\(consumerProfileRef ?? "-")|\(options.rawValue)"
        return info
    }

    func updatePaymentOrder(
        paymentOrder: SwedbankPaySDK.PaymentOrder?, options: SwedbankPaySDK.VersionOptions, userData: Any?,
        viewPaymentOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo, updateInfo: Any
    ) async throws -> SwedbankPaySDK.ViewPaymentOrderInfo {
        do {
            try await clock.sleep(seconds: 10)
        } catch {
            sawCancellation.set()
            throw error
        }
        var info = viewPaymentOrderInfo
        info.instrument = SwedbankPaySDK.Instrument(rawValue: "\(updateInfo)")
        return info
    }

    func abortPayment(paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo, userData: Any?) async throws {}

    func expandPayerAfterIdentified(paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo) async throws {
        throw SwedbankPaySDK.MerchantBackendErrorStandIn.expandCalled
    }
}

extension SwedbankPaySDK {
    enum MerchantBackendErrorStandIn: Error { case expandCalled }
}

@Suite struct AsyncConfigurationBridgingTests {
    let clock = ManualClock()
    let sawCancellation = Flag()
    var configuration: SlowAsyncConfiguration { SlowAsyncConfiguration(clock: clock, sawCancellation: sawCancellation) }

    @Test func callbackFormDeliversTheAsyncResultOnceOnTheMainThread() async throws {
        let log = CompletionLog<SwedbankPaySDK.ViewPaymentOrderInfo>()
        configuration.postPaymentorders(
            paymentOrder: ConfigurationFixtures.order, userData: "user", consumerProfileRef: "ref",
            options: [.isV3, .useCheckin], completion: log.record)
        await log.wait()
        #expect(log.count == 1)
        #expect(log.allOnMainThread)
        #expect(try log.results[0].get().paymentId == "user|ref|3")
    }

    @Test func aBridgedRequestCompletesExactlyOnce() async throws {
        let log = CompletionLog<Int>()
        let request = BridgedRequest.start({ 7 }, completion: log.record)
        // Once the request has finished, no second completion can come.
        await request.finished()
        #expect(log.count == 1)
        #expect(log.allOnMainThread)
        #expect(try log.results[0].get() == 7)
        request.cancel()  // after delivery: changes nothing
        #expect(log.count == 1)
    }

    @Test func cancellingTheRequestSuppressesTheCompletionAndCancelsTheWork() async throws {
        let log = CompletionLog<SwedbankPaySDK.ViewPaymentOrderInfo>()
        let request = configuration.updatePaymentOrder(
            paymentOrder: nil, options: .isV3, userData: nil, viewPaymentOrderInfo: ConfigurationFixtures.info,
            updateInfo: "Swish", completion: log.record)
        await clock.waitForSleepers(1)
        request?.cancel()
        let bridged = try #require(request as? BridgedRequest)
        await bridged.finished()
        #expect(sawCancellation.isSet)
        #expect(log.count == 0)
    }

    @Test func anUncancelledUpdateCompletesAfterItsWork() async throws {
        let log = CompletionLog<SwedbankPaySDK.ViewPaymentOrderInfo>()
        let request = configuration.updatePaymentOrder(
            paymentOrder: nil, options: .isV3, userData: nil, viewPaymentOrderInfo: ConfigurationFixtures.info,
            updateInfo: "Swish", completion: log.record)
        #expect(request != nil)
        await clock.waitForSleepers(1)
        clock.advance(by: 10)
        await log.wait()
        #expect(try log.results.map { try $0.get().instrument } == [.swish])
        request?.cancel()  // cancelling after delivery changes nothing
        #expect(log.count == 1)
    }

    @Test func abortCompletesForAsyncConfigurations() async {
        // The reference SDK's async bridge never called this completion.
        let log = CompletionLog<Void>()
        configuration.abortPayment(paymentInfo: ConfigurationFixtures.info, userData: nil, completion: log.record)
        await log.wait()
        #expect(log.count == 1)
        #expect((try? log.results[0].get()) != nil)
    }

    @Test func expandPayerAfterIdentifiedIsDispatchedToTheConfiguration() async {
        // A requirement, so the configuration's own implementation runs even through an existential.
        let existential: any SwedbankPaySDKConfiguration = configuration
        let log = CompletionLog<Void>()
        _ = existential.expandPayerAfterIdentified(paymentInfo: ConfigurationFixtures.info, completion: log.record)
        await log.wait()
        #expect(throws: SwedbankPaySDK.MerchantBackendErrorStandIn.self) { try log.results.first?.get() }
    }

    @Test func defaultsOfTheAsyncTwin() async throws {
        let existential: any SwedbankPaySDKConfiguration = configuration
        let expandLog = CompletionLog<SwedbankPaySDK.JSONObject>()
        _ = existential.expandOperation(
            paymentId: "/psp/paymentorders/1", expand: [.paid], completion: expandLog.record)
        await expandLog.wait()
        #expect(throws: SwedbankPayConfigurationError.notImplemented) { try expandLog.results.first?.get() }
    }

    @MainActor
    @Test func redirectPolicyDefaultAnswersWithoutLooping() async throws {
        let log = CompletionLog<SwedbankPaySDK.PaymentMenuRedirectPolicy>()
        configuration.decidePolicyForPaymentMenuRedirect(navigationAction: ConfigurationFixtures.navigation) {
            log.record(.success($0))
        }
        await log.wait()
        #expect(log.count == 1)
        #expect(try log.results[0].get() == .openInWebView)
        #expect(
            await configuration.decidePolicyForPaymentMenuRedirect(navigationAction: ConfigurationFixtures.navigation)
                == .openInWebView)
    }

    @Test func theSDKAwaitsAsyncConfigurationsThroughTheSameAdapters() async throws {
        let info = try await configuration.callPostPaymentorders(
            paymentOrder: nil, userData: nil, consumerProfileRef: nil, options: [])
        #expect(info.paymentId == "none|-|0")
    }
}
