import Foundation

/// A valid Checkout v3 `POST /psp/paymentorders` body: what the startup curl line and the
/// benchmark send. `payeeReference` must differ per order, since the sandbox (like Swedbank Pay)
/// refuses a reference it has seen for the same payee.
enum SampleOrder {
    static let payeeId = "5cabf558-5283-482f-b252-4d58e06f6f3b"

    static func json(payeeReference: String) -> String {
        """
        {"paymentorder":{"operation":"Purchase","currency":"SEK","amount":1500,"vatAmount":375,\
        "description":"Test Purchase","userAgent":"swedbankpay-cli","language":"sv-SE",\
        "productName":"Checkout3","urls":{"hostUrls":["https://example.com"],\
        "completeUrl":"https://example.com/complete","cancelUrl":"https://example.com/cancel"},\
        "payeeInfo":{"payeeId":"\(payeeId)","payeeReference":"\(payeeReference)"}}}
        """
    }
}
