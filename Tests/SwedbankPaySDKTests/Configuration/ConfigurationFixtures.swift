import Foundation
import SwedbankPaySDKTesting

@testable import SwedbankPaySDK

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

enum ConfigurationFixtures {
    static let info = SwedbankPaySDK.ViewPaymentOrderInfo(
        paymentId: "/psp/paymentorders/1",
        isV3: true,
        webViewBaseURL: URL(string: "https://example.com/"),
        viewPaymentLink: URL(string: "https://example.com/view")!,
        completeUrl: URL(string: "https://example.com/complete")!,
        cancelUrl: URL(string: "https://example.com/cancel"),
        paymentUrl: URL(string: "https://example.com/payment/ios"),
        termsOfServiceUrl: URL(string: "https://example.com/tos")
    )

    static let order = SwedbankPaySDK.PaymentOrder(
        currency: "SEK",
        amount: 1500,
        vatAmount: 375,
        description: "Test Purchase",
        urls: SwedbankPaySDK.PaymentOrderUrls(
            hostUrls: [URL(string: "https://example.com/")!],
            completeUrl: URL(string: "https://example.com/complete")!
        )
    )

    static let navigation = SwedbankPaySDK.NavigationAction(
        request: URLRequest(url: URL(string: "https://bank.example.net/3ds")!), isMainFrame: true)
}

/// Whether the caller runs on the main queue, which is the main actor's executor. (Under Swift
/// Testing on Linux the main queue is drained by a thread other than the process's first one, so
/// `Thread.isMainThread` would say no.)
enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// Records completion calls from any thread.
final class CompletionLog<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(result: Result<Value, any Error>, onMainThread: Bool)] = []
    private let arrivals = Arrivals()

    func record(_ result: Result<Value, any Error>) {
        lock.lock()
        entries.append((result, MainQueue.isCurrent))
        lock.unlock()
        arrivals.arrive()
    }

    var count: Int { lock.withLock { entries.count } }
    var results: [Result<Value, any Error>] { lock.withLock { entries.map(\.result) } }
    var allOnMainThread: Bool { lock.withLock { entries.allSatisfy(\.onMainThread) } }

    /// Returns once `count` completions arrived, or after `seconds` (the test then fails on what
    /// it expects).
    func wait(for count: Int = 1, seconds: TimeInterval = 5) async {
        await arrivals.wait(for: count, seconds: seconds)
    }
}

/// A flag set from any thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
