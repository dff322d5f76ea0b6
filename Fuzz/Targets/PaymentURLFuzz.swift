import Foundation

/// The payment-URL matcher: ``SDKProperties/paymentURLMatch(paymentUrl:candidate:callbackScheme:)``.
/// Input: paymentUrl, a newline, the candidate.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaymentURL(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, let paymentUrl = URL(string: String(parts[0])),
        let candidate = URL(string: String(parts[1]))
    else { return 0 }
    let broken = SDKProperties.paymentURLMatch(
        paymentUrl: paymentUrl, candidate: candidate, callbackScheme: "com.example.app")
    if let broken { fatalError(broken) }
    return 0
}
