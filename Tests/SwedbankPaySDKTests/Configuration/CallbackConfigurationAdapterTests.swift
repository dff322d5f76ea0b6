import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

/// A callback configuration that misbehaves on purpose: it may complete twice, or never, and
/// records cancellation of its request handle.
private struct ScriptedConfiguration: SwedbankPaySDKConfiguration {
    enum Script { case completeTwice, neverComplete }
    let script: Script
    let cancelled: Flag
    let lateCompletion = LateCompletion()

    final class LateCompletion: @unchecked Sendable {
        private let lock = NSLock()
        private var completion: (@Sendable (Result<SwedbankPaySDK.ViewPaymentOrderInfo, any Error>) -> Void)?
        /// One arrival when the configuration was called (and keeps its completion).
        let kept = Arrivals()
        func keep(_ completion: @escaping @Sendable (Result<SwedbankPaySDK.ViewPaymentOrderInfo, any Error>) -> Void) {
            lock.withLock { self.completion = completion }
            kept.arrive()
        }
        func fire() {
            let completion = lock.withLock { self.completion }
            completion?(.success(ConfigurationFixtures.info))
        }
    }

    struct Handle: SwedbankPaySDKRequest {
        let cancelled: Flag
        func cancel() { cancelled.set() }
    }

    func postPaymentorders(
        paymentOrder: SwedbankPaySDK.PaymentOrder?, userData: Any?, consumerProfileRef: String?,
        options: SwedbankPaySDK.VersionOptions,
        completion: @escaping @Sendable (Result<SwedbankPaySDK.ViewPaymentOrderInfo, any Error>) -> Void
    ) {
        var first = ConfigurationFixtures.info
        first.paymentId = "first"
        switch script {
        case .completeTwice:
            completion(.success(first))
            completion(.failure(SwedbankPayConfigurationError.notImplemented))
        case .neverComplete:
            lateCompletion.keep(completion)
        }
    }

    func updatePaymentOrder(
        paymentOrder: SwedbankPaySDK.PaymentOrder?, options: SwedbankPaySDK.VersionOptions, userData: Any?,
        viewPaymentOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo, updateInfo: Any,
        completion: @escaping @Sendable (Result<SwedbankPaySDK.ViewPaymentOrderInfo, any Error>) -> Void
    ) -> SwedbankPaySDKRequest? {
        lateCompletion.keep(completion)
        return Handle(cancelled: cancelled)
    }
}

@Suite struct CallbackConfigurationAdapterTests {
    @Test func aSecondCompletionIsIgnored() async throws {
        let configuration = ScriptedConfiguration(script: .completeTwice, cancelled: Flag())
        let info = try await configuration.callPostPaymentorders(
            paymentOrder: nil, userData: nil, consumerProfileRef: nil, options: [])
        #expect(info.paymentId == "first")
    }

    @Test func cancellingTheCallerCancelsTheRequestAndIgnoresALateCompletion() async throws {
        let cancelled = Flag()
        let configuration = ScriptedConfiguration(script: .neverComplete, cancelled: cancelled)
        let task = Task {
            try await configuration.callUpdatePaymentOrder(
                paymentOrder: nil, options: [], userData: nil, viewPaymentOrderInfo: ConfigurationFixtures.info,
                updateInfo: "x")
        }
        #expect(await configuration.lateCompletion.kept.wait())
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(cancelled.isSet)
        configuration.lateCompletion.fire()  // must not crash or resume anything twice
    }

    @Test func cancellationWithoutAHandleStillEndsTheCall() async throws {
        let configuration = ScriptedConfiguration(script: .neverComplete, cancelled: Flag())
        let task = Task {
            try await configuration.callPostPaymentorders(
                paymentOrder: nil, userData: nil, consumerProfileRef: nil, options: [])
        }
        #expect(await configuration.lateCompletion.kept.wait())
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        configuration.lateCompletion.fire()
    }

    @Test func defaultsOfThePlainProtocol() async throws {
        let configuration = ScriptedConfiguration(script: .completeTwice, cancelled: Flag())
        await #expect(throws: SwedbankPayConfigurationError.notImplemented) {
            try await configuration.callPostConsumers(consumer: nil, userData: nil)
        }
        await #expect(throws: SwedbankPayConfigurationError.notImplemented) {
            try await configuration.callAbortPayment(paymentInfo: ConfigurationFixtures.info, userData: nil)
        }
        await #expect(throws: SwedbankPayConfigurationError.notImplemented) {
            try await configuration.callExpandPayerAfterIdentified(paymentInfo: ConfigurationFixtures.info)
        }
        // Without a callback scheme only the paymentUrl's own scheme matches.
        let paymentUrl = URL(string: "https://example.com/payment/ios")!
        #expect(
            configuration.url(
                URL(string: "https://example.com/payment/ios?fallback=true")!, matchesPaymentUrl: paymentUrl))
        #expect(!configuration.url(URL(string: "myapp://example.com/payment/ios")!, matchesPaymentUrl: paymentUrl))
    }

    @Test func theDefaultUpdateReturnsTheInfoUnchanged() async throws {
        struct Minimal: SwedbankPaySDKConfiguration {
            func postPaymentorders(
                paymentOrder: SwedbankPaySDK.PaymentOrder?, userData: Any?, consumerProfileRef: String?,
                options: SwedbankPaySDK.VersionOptions,
                completion: @escaping @Sendable (Result<SwedbankPaySDK.ViewPaymentOrderInfo, any Error>) -> Void
            ) {}
        }
        let updated = try await Minimal().callUpdatePaymentOrder(
            paymentOrder: nil, options: [], userData: nil, viewPaymentOrderInfo: ConfigurationFixtures.info,
            updateInfo: "frob")
        #expect(updated == ConfigurationFixtures.info)
    }
}
