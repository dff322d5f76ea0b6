import Foundation
import SwedbankPaySDK

enum WebPaymentFixtures {
    static func url(_ text: String) -> URL { URL(string: text)! }

    static let v3Info = SwedbankPaySDK.ViewPaymentOrderInfo(
        paymentId: "/psp/paymentorders/1",
        isV3: true,
        webViewBaseURL: url("https://merchant.example/"),
        viewPaymentLink: url("https://psp.example/checkout.js?token=1"),
        completeUrl: url("https://merchant.example/complete"),
        cancelUrl: url("https://merchant.example/cancel"),
        paymentUrl: url("https://merchant.example/sdk-callback/ios-universal-link?scheme=testcallback&id=1"),
        termsOfServiceUrl: url("https://merchant.example/tos")
    )

    static let v2Info = SwedbankPaySDK.ViewPaymentOrderInfo(
        paymentId: "/psp/paymentorders/2",
        isV3: false,
        webViewBaseURL: url("https://merchant.example/"),
        viewPaymentLink: url("https://psp.example/menu.js?token=2"),
        completeUrl: url("https://merchant.example/complete"),
        cancelUrl: url("https://merchant.example/cancel"),
        paymentUrl: url("https://merchant.example/payment/ios"),
        termsOfServiceUrl: nil
    )

    /// `v3Info` with a paymentUrl of its own, for tests of `SwedbankPaySDK.open(url:)`, which asks
    /// every live controller (tests running in parallel included).
    static func v3Info(paymentUrlID id: String) -> SwedbankPaySDK.ViewPaymentOrderInfo {
        var info = v3Info
        info.paymentUrl = url("https://merchant.example/sdk-callback/ios-universal-link?scheme=testcallback&id=\(id)")
        return info
    }

    static let updatedInfo: SwedbankPaySDK.ViewPaymentOrderInfo = {
        var info = v3Info
        info.viewPaymentLink = url("https://psp.example/checkout.js?token=1&instrument=Swish")
        info.instrument = .swish
        return info
    }()

    static let checkinInfo = SwedbankPaySDK.ViewConsumerIdentificationInfo(
        webViewBaseURL: url("https://merchant.example/"),
        viewConsumerIdentification: url("https://psp.example/consumer.js?token=c")
    )

    static let order = SwedbankPaySDK.PaymentOrder(
        currency: "SEK",
        amount: 1500,
        vatAmount: 375,
        description: "Test Purchase",
        urls: SwedbankPaySDK.PaymentOrderUrls(
            hostUrls: [url("https://merchant.example/")],
            completeUrl: url("https://merchant.example/complete")
        )
    )

    static let consumer = SwedbankPaySDK.Consumer(shippingAddressRestrictedToCountryCodes: ["SE"])
}

/// An error with a payload, registered for restoration by the tests that need it.
struct TestBackendError: Error, Codable, Hashable, Sendable {
    var code: Int
}
