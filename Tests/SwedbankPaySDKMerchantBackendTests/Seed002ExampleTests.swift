import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend
import Testing

// Seed 002 ("iOS"), as real Swift. The seed writes the PaymentOrder arguments as `currency = "SEK"`;
// Swift spells that `currency: "SEK"`, otherwise the code is the seed's.

/// The seed's configuration exactly; on Apple platforms the callback scheme comes from Info.plist.
/// It is compiled here but not run, because Linux has no Info.plist to read the scheme from.
func seed002Configuration() -> SwedbankPaySDK.MerchantBackendConfiguration {
    let swedbankPayConfig = SwedbankPaySDK.MerchantBackendConfiguration(
        backendUrl: "https://example.com/swedbank-pay-mobile/",
        headers: [:]
    )
    return swedbankPayConfig
}

/// Seed 003 ("Process Diagrams") creates the configuration from the backend URL alone.
func seed003Configuration(backendUrl: URL) -> SwedbankPaySDK.MerchantBackendConfiguration {
    SwedbankPaySDK.MerchantBackendConfiguration.init(backendUrl: backendUrl)
}

@Suite struct Seed002ExampleTests {
    @Test func thePaymentOrderExampleBuildsTheDocumentedOrder() throws {
        let swedbankPayConfig = SwedbankPaySDK.MerchantBackendConfiguration(
            backendUrl: "https://example.com/swedbank-pay-mobile/",
            callbackScheme: "com.example.app",
            headers: [:]
        )
        let paymentOrder = SwedbankPaySDK.PaymentOrder(
            currency: "SEK",
            amount: 1500,
            vatAmount: 375,
            description: "Test Purchase",
            language: .Swedish,
            urls: SwedbankPaySDK.PaymentOrderUrls(
                configuration: swedbankPayConfig,
                language: .Swedish
            ),
            payeeInfo: SwedbankPaySDK.PayeeInfo(
                // ①
                payeeName: "Merchant1",
                productCategory: "A123",
                orderReference: "or-123456",
                subsite: "MySubsite"
            ),
            orderItems: [
                SwedbankPaySDK.OrderItem(
                    reference: "P1",
                    name: "Product1",
                    type: .Product,
                    class: "ProductGroup1",
                    itemUrl: URL(string: "https://example.com/products/123"),
                    imageUrl: URL(string: "https://example.com/product123.jpg"),
                    description: "Product 1 description",
                    discountDescription: "Volume discount",
                    quantity: 4,
                    quantityUnit: "pcs",
                    unitPrice: 300,
                    discountPrice: 200,
                    vatPercent: 2500,
                    amount: 1000,
                    vatAmount: 250
                )
            ]
        )
        let consumer = SwedbankPaySDK.Consumer(
            language: .Swedish,
            shippingAddressRestrictedToCountryCodes: ["NO", "SE", "DK"]
        )

        // ① payeeId and payeeReference default to the empty string for the backend to fill in.
        #expect(paymentOrder.payeeInfo.payeeId == "")
        #expect(paymentOrder.payeeInfo.payeeReference == "")
        #expect(paymentOrder.operation == .Purchase)
        #expect(paymentOrder.userAgent == SwedbankPaySDK.VersionReporter.userAgent)
        #expect(paymentOrder.userAgent.hasSuffix("(compatible; SwedbankPaySDK-iOS/5.0.3)"))
        #expect(paymentOrder.urls.hostUrls == [URL(string: "https://example.com/swedbank-pay-mobile/")!])
        let paymentUrl = try #require(paymentOrder.urls.paymentUrl?.absoluteString)
        #expect(
            paymentUrl.hasPrefix(
                "https://example.com/swedbank-pay-mobile/sdk-callback/ios-universal-link?scheme=com.example.app&language=sv-SE&id="
            ))
        #expect(consumer.operation == .InitiateConsumerSession)
    }
}
