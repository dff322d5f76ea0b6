import Foundation

@testable import SwedbankPaySDK

/// What a payment page posts: any JSON is a message of the page's kind or nothing; `onPaid` is
/// never read from a checkin page, nor a checkin message from a payment page.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebPaymentMessage(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let body = try? SwedbankPaySDK.JSONValue(parsing: Data(bytes: start, count: count)) else { return 0 }
    let script = URL(string: "https://pay.example.com/script.js")!
    let pages: [SwedbankPaySDK.WebPaymentPage] = [
        .checkin(scriptURL: script), .paymentMenu(scriptURL: script), .checkout(scriptURL: script),
    ]
    for page in pages {
        guard let message = SwedbankPaySDK.WebPaymentMessage(body: body, page: page) else { continue }
        if case .checkin = page {
            if case .paid = message { fatalError("onPaid read from a checkin page") }
        } else if case .consumerIdentified = message {
            fatalError("a checkin message read from a payment page")
        }
    }
    return 0
}
