import Foundation
import Testing

@testable import SwedbankPaySDK

@MainActor
private final class RecordingReceiver: SwedbankPaySDK.PaymentURLReceiver {
    let paymentUrl: URL
    var received: [URL] = []

    init(paymentUrl: String) {
        self.paymentUrl = URL(string: paymentUrl)!
    }

    func receivePaymentURL(_ url: URL) -> Bool {
        guard SwedbankPaySDK.PaymentURLMatcher(callbackScheme: "testcallback").url(url, matches: paymentUrl) else {
            return false
        }
        received.append(url)
        return true
    }
}

@MainActor
@Suite(.serialized) struct PaymentURLRouterTests {
    @Test func routesOnlyToTheReceiverWhosePaymentUrlMatches() {
        let router = SwedbankPaySDK.PaymentURLRouter()
        let first = RecordingReceiver(paymentUrl: "https://example.com/pay?id=1")
        let second = RecordingReceiver(paymentUrl: "https://example.com/pay?id=2")
        router.register(first)
        router.register(second)
        router.register(first)
        #expect(router.count == 2)

        #expect(router.route(URL(string: "testcallback://example.com/pay?id=2&fallback=true")!))
        #expect(first.received.isEmpty)
        #expect(second.received == [URL(string: "testcallback://example.com/pay?id=2&fallback=true")!])
        #expect(!router.route(URL(string: "https://example.com/pay?id=3")!))
    }

    @Test func receiversAreHeldWeakly() {
        let router = SwedbankPaySDK.PaymentURLRouter()
        var receiver: RecordingReceiver? = RecordingReceiver(paymentUrl: "https://example.com/pay")
        router.register(receiver!)
        #expect(router.count == 1)
        receiver = nil
        #expect(router.count == 0)
        #expect(!router.route(URL(string: "https://example.com/pay")!))
    }

    @Test func unregisteredReceiversAreNotAsked() {
        let router = SwedbankPaySDK.PaymentURLRouter()
        let receiver = RecordingReceiver(paymentUrl: "https://example.com/pay")
        router.register(receiver)
        router.unregister(receiver)
        #expect(!router.route(URL(string: "https://example.com/pay")!))
        #expect(receiver.received.isEmpty)
    }

    @Test func openURLUsesTheSharedRouter() {
        let receiver = RecordingReceiver(paymentUrl: "https://example.com/shared")
        SwedbankPaySDK.PaymentURLRouter.shared.register(receiver)
        defer { SwedbankPaySDK.PaymentURLRouter.shared.unregister(receiver) }
        #expect(SwedbankPaySDK.open(url: URL(string: "https://example.com/shared?fallback=true")!))
        #expect(!SwedbankPaySDK.open(url: URL(string: "https://example.com/other")!))
        #expect(receiver.received.count == 1)
    }
}

/// `continue(userActivity:)`'s rule (the `NSUserActivity` is Apple's; the rule is decided here).
@MainActor
@Suite struct PaymentURLRouterActivityTests {
    @Test func onlyAWebBrowsingActivitysPageURLIsOffered() {
        let router = SwedbankPaySDK.PaymentURLRouter()
        let receiver = RecordingReceiver(paymentUrl: "https://example.com/pay")
        router.register(receiver)
        let link = URL(string: "https://example.com/pay")!
        #expect(!router.routeActivity(isBrowsingWeb: false, webpageURL: link))
        #expect(!router.routeActivity(isBrowsingWeb: true, webpageURL: nil))
        #expect(receiver.received.isEmpty)
        #expect(!router.routeActivity(isBrowsingWeb: true, webpageURL: URL(string: "https://example.com/other")!))
        #expect(router.routeActivity(isBrowsingWeb: true, webpageURL: link))
        #expect(receiver.received == [link])
    }
}
