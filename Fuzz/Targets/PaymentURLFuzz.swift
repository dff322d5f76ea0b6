import Foundation

@testable import SwedbankPaySDK

/// The payment-URL matcher never accepts a URL that differs from the paymentUrl in host, port,
/// path, user or fragment, that has another scheme than the paymentUrl's or the callback scheme,
/// or that lacks or changes one of the paymentUrl's query values. Input: paymentUrl, a newline,
/// the candidate.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaymentURL(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, let paymentUrl = URL(string: String(parts[0])),
        let candidate = URL(string: String(parts[1]))
    else { return 0 }
    let matcher = SwedbankPaySDK.PaymentURLMatcher(callbackScheme: "com.example.app")
    guard matcher.url(candidate, matches: paymentUrl) else { return 0 }
    guard let expected = URLComponents(url: paymentUrl.absoluteURL, resolvingAgainstBaseURL: true),
        let actual = URLComponents(url: candidate.absoluteURL, resolvingAgainstBaseURL: true)
    else { fatalError("accepted a URL without components") }
    let scheme = actual.scheme?.lowercased()
    precondition(scheme == expected.scheme?.lowercased() || scheme == "com.example.app", "scheme differs")
    precondition(actual.percentEncodedHost?.lowercased() == expected.percentEncodedHost?.lowercased(), "host differs")
    precondition(actual.port == expected.port, "port differs")
    let path = { (components: URLComponents) in
        components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
    }
    precondition(path(actual) == path(expected), "path differs")
    precondition(actual.percentEncodedUser == expected.percentEncodedUser, "user differs")
    precondition(actual.percentEncodedFragment == expected.percentEncodedFragment, "fragment differs")
    let actualItems = actual.percentEncodedQueryItems ?? []
    // An empty component (`&&`) carries no parameter; only real ones must survive.
    for item in expected.percentEncodedQueryItems ?? [] where !(item.name.isEmpty && item.value == nil) {
        precondition(actualItems.contains(item), "query item \(item) lost or changed")
    }
    return 0
}
