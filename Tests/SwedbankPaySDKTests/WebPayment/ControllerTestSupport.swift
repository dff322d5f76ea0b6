import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting

/// A configuration answering from scripted replies and recording every call, in order.
final class StubWebConfiguration: SwedbankPaySDKConfigurationAsync, SwedbankPaySDKConfigurationWithCallbackScheme,
    @unchecked Sendable
{
    enum Reply<Value: Sendable>: Sendable {
        case value(Value)
        case failure(TestBackendError)
        /// Never answers until cancelled.
        case hang

        func get() async throws -> Value {
            switch self {
            case .value(let value): return value
            case .failure(let error): throw error
            case .hang:
                // An iteration of a stream nobody feeds ends only when the task is cancelled.
                let (never, feeder) = AsyncStream<Never>.makeStream()
                for await _ in never {}
                feeder.finish()
                throw CancellationError()
            }
        }
    }

    let callbackScheme = "testcallback"
    private let lock = NSLock()
    private var recorded: [String] = []
    private var paymentOrderReplies: [Reply<SwedbankPaySDK.ViewPaymentOrderInfo>]
    private var updateReplies: [Reply<SwedbankPaySDK.ViewPaymentOrderInfo>] = []
    var consumersReply: Reply<SwedbankPaySDK.ViewConsumerIdentificationInfo> = .value(WebPaymentFixtures.checkinInfo)
    var abortReply: Reply<Void> = .value(())
    var expandReply: Reply<Void> = .value(())
    var redirectPolicy = SwedbankPaySDK.PaymentMenuRedirectPolicy.openInWebView

    init(paymentOrders: [Reply<SwedbankPaySDK.ViewPaymentOrderInfo>] = [.value(WebPaymentFixtures.v3Info)]) {
        paymentOrderReplies = paymentOrders
    }

    var calls: [String] { lock.withLock { recorded } }
    private var keys: [SwedbankPaySDK.IdempotencyKey?] = []
    /// `IdempotencyKey.current` as each `postPaymentorders` saw it, in order.
    var orderKeys: [SwedbankPaySDK.IdempotencyKey?] { lock.withLock { keys } }

    func queueUpdates(_ replies: [Reply<SwedbankPaySDK.ViewPaymentOrderInfo>]) {
        lock.withLock { updateReplies = replies }
    }

    private func record(_ call: String) {
        defer { Arrivals.anything.arrive() }
        lock.withLock { recorded.append(call) }
    }

    func postConsumers(
        consumer: SwedbankPaySDK.Consumer?, userData: Any?
    ) async throws -> SwedbankPaySDK.ViewConsumerIdentificationInfo {
        record(
            "postConsumers(\(consumer?.shippingAddressRestrictedToCountryCodes ?? []), userData: \(userData ?? "nil"))")
        return try await consumersReply.get()
    }

    func postPaymentorders(
        paymentOrder: SwedbankPaySDK.PaymentOrder?, userData: Any?, consumerProfileRef: String?,
        options: SwedbankPaySDK.VersionOptions
    ) async throws -> SwedbankPaySDK.ViewPaymentOrderInfo {
        lock.withLock { keys.append(SwedbankPaySDK.IdempotencyKey.current) }
        record(
            "postPaymentorders(\(paymentOrder?.amount ?? 0), ref: \(consumerProfileRef ?? "nil"), options: \(options.rawValue))"
        )
        let reply = lock.withLock { paymentOrderReplies.isEmpty ? .hang : paymentOrderReplies.removeFirst() }
        return try await reply.get()
    }

    func updatePaymentOrder(
        paymentOrder: SwedbankPaySDK.PaymentOrder?, options: SwedbankPaySDK.VersionOptions, userData: Any?,
        viewPaymentOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo, updateInfo: Any
    ) async throws -> SwedbankPaySDK.ViewPaymentOrderInfo {
        record("updatePaymentOrder(\(updateInfo))")
        let reply = lock.withLock { updateReplies.isEmpty ? .hang : updateReplies.removeFirst() }
        do {
            return try await reply.get()
        } catch is CancellationError {
            record("updatePaymentOrder(\(updateInfo)) cancelled")
            throw CancellationError()
        }
    }

    func abortPayment(paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo, userData: Any?) async throws {
        record("abortPayment(\(paymentInfo.paymentId ?? "nil"))")
        try await abortReply.get()
    }

    func expandPayerAfterIdentified(paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo) async throws {
        record("expandPayerAfterIdentified")
        try await expandReply.get()
    }

    @MainActor
    func decidePolicyForPaymentMenuRedirect(
        navigationAction: SwedbankPaySDK.NavigationAction
    ) async -> SwedbankPaySDK.PaymentMenuRedirectPolicy {
        record(
            "decidePolicy(\(navigationAction.request.url?.absoluteString ?? "nil"), main: \(navigationAction.isMainFrame))"
        )
        return redirectPolicy
    }
}

/// Records delegate calls as text, in order.
@MainActor
final class RecordingWebDelegate: SwedbankPaySDKDelegate {
    var calls: [String] = [] {
        didSet { Arrivals.anything.arrive() }
    }
    var showsTermsItself = false

    func paymentComplete() { calls.append("paymentComplete") }
    func paymentCanceled() { calls.append("paymentCanceled") }
    func paymentFailed(error: Error) { calls.append("paymentFailed(\(error))") }
    func paymentOrderDidShow(info: SwedbankPaySDK.ViewPaymentOrderInfo) {
        calls.append("paymentOrderDidShow(\(info.viewPaymentLink.absoluteString))")
    }
    func paymentOrderDidHide() { calls.append("paymentOrderDidHide") }
    func updatePaymentOrderFailed(updateInfo: Any, error: Error) {
        calls.append("updatePaymentOrderFailed(\(updateInfo), \(error))")
    }
    func overrideTermsOfServiceTapped(url: URL) -> Bool {
        calls.append("overrideTermsOfServiceTapped(\(url.absoluteString))")
        return showsTermsItself
    }
    func instrumentSelected() { calls.append("instrumentSelected") }
    func shippingAddressIsKnown() { calls.append("shippingAddressIsKnown") }
    func javaScriptEvent(name: String, arguments: [String: Any]) {
        calls.append("javaScriptEvent(\(name), \(arguments.keys.sorted()))")
    }
    func paymentRestorationSaveFailed(error: Error) { calls.append("paymentRestorationSaveFailed(\(error))") }
}

/// Records what would have been opened outside the app.
@MainActor
final class WebRecordingAppLauncher: SwedbankPaySDK.AppLauncher {
    var opened: [String] = []
    /// URLs an app claims as app links.
    var appLinks: Set<String> = []

    func open(_ url: URL) async -> Bool {
        opened.append("open(\(url.absoluteString))")
        return true
    }

    func openAppLink(_ url: URL) async -> Bool {
        let claimed = appLinks.contains(url.absoluteString)
        opened.append("appLink(\(url.absoluteString)) -> \(claimed)")
        return claimed
    }
}

/// Returns once `condition` holds, checking it again after each thing the doubles record (pages,
/// configuration calls, delegate calls); gives up after five seconds without one, so a broken flow
/// fails its expectations instead of hanging.
@MainActor
func settle(until condition: () -> Bool) async {
    await Arrivals.settle(until: condition)
}

/// A controller wired to a scripted web view, a stub configuration and a recording launcher.
@MainActor
struct ControllerHarness {
    let host = ScriptedWebViewHost()
    let launcher = WebRecordingAppLauncher()
    let delegate = RecordingWebDelegate()
    let configuration: StubWebConfiguration
    let controller: SwedbankPaySDKController

    init(configuration: StubWebConfiguration = StubWebConfiguration()) {
        self.configuration = configuration
        controller = SwedbankPaySDKController(configuration: configuration, webViewHost: host, appLauncher: launcher)
        controller.delegate = delegate
    }

    var webView: ScriptedWebView? { host.last }

    /// The HTML documents loaded so far.
    var pages: [String] { webView?.loadedHTML.map(\.html) ?? [] }

    /// Starts a v3 payment with the stub configuration and waits until its menu page is loaded.
    func startV3() async {
        controller.startPayment(paymentOrder: WebPaymentFixtures.order)
        await host.htmlLoads.wait()
    }

    /// Posts `{msg, arg}` as the generated page would.
    @discardableResult
    func post(_ msg: String, _ arg: SwedbankPaySDK.JSONValue = .null) -> Bool {
        webView?.post(.object(["msg": .string(msg), "arg": arg]), to: "swedbankpay") ?? false
    }
}
