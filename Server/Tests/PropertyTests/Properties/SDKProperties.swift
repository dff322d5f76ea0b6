import Foundation

@testable import SwedbankPaySDK

/// The properties the SDK's parsers and decision functions must keep whatever they are given.
///
/// One definition for two drivers: the property tests feed them generated values, the fuzz
/// targets (`Fuzz/Targets`, built by `scripts/fuzz`, which compiles this directory in) feed them
/// libFuzzer's inputs. Each returns nil when the property holds, else what broke.
enum SDKProperties {
    /// A parsed value serializes to JSON that parses back to the same value and serializes to the
    /// same bytes again, and that Foundation's `JSONSerialization` reads as the same value.
    static func jsonRoundTrip(_ value: SwedbankPaySDK.JSONValue) -> String? {
        let text = value.serialized()
        let shown = String(decoding: text, as: UTF8.self)
        guard let again = try? SwedbankPaySDK.JSONValue(parsing: text) else {
            return "serialized JSON does not parse: \(shown)"
        }
        if again != value { return "parse ∘ serialize is not the identity: \(shown)" }
        if again.serialized() != text { return "serialization is not stable: \(shown)" }
        guard let foundation = try? JSONSerialization.jsonObject(with: text, options: [.fragmentsAllowed]) else {
            return "Foundation refuses serialized JSON: \(shown)"
        }
        if !meansTheSame(value, foundation) { return "Foundation reads another value from \(shown)" }
        return nil
    }

    /// Whether Foundation's reading of a document is the value the SDK parsed: the same kinds,
    /// numbers equal as numbers, strings equal, the same members.
    private static func meansTheSame(_ value: SwedbankPaySDK.JSONValue, _ object: Any) -> Bool {
        switch value {
        case .null:
            return object is NSNull
        case .bool(let flag):
            return (object as? Bool) == flag
        case .integer(let integer):
            guard let number = object as? NSNumber else { return false }
            return number.int64Value == integer || number.doubleValue == Double(integer)
        case .number(let double):
            // Foundation on Linux reads large numbers (`-2.9386781070941304e+21`) as Decimal, whose
            // conversion to Double can land a few units in the last place away: compare them as
            // the decimals they are.
            if let decimal = object as? NSDecimalNumber {
                return decimal.decimalValue
                    == Decimal(string: value.jsonText, locale: Locale(identifier: "en_US_POSIX"))
            }
            return (object as? NSNumber)?.doubleValue == double
        case .string(let string):
            guard let read = object as? String else { return false }
            return read == string || withoutByteOrderMarks(read) == withoutByteOrderMarks(string)
        case .array(let elements):
            guard let objects = object as? [Any], objects.count == elements.count else { return false }
            return zip(elements, objects).allSatisfy { meansTheSame($0, $1) }
        case .object(let members):
            guard let objects = object as? [String: Any], objects.count == members.count else { return false }
            let byBareKey = Dictionary(
                objects.map { (withoutByteOrderMarks($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
            return members.allSatisfy { key, member in
                (objects[key] ?? byBareKey[withoutByteOrderMarks(key)]).map { meansTheSame(member, $0) } ?? false
            }
        }
    }

    /// `text` as Foundation on Linux may read it back: it decodes the runs of a string between
    /// escapes as separate UTF-8 texts, each losing a leading byte order mark (U+FEFF), so a mark
    /// at the start of a string or right after an escape (`"\u0007\u{FEFF}"`) disappears — its
    /// defect, not the text's. Compared without any mark.
    private static func withoutByteOrderMarks(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FEFF}" }))
    }

    /// The payment-URL matcher never accepts a URL whose scheme is neither the paymentUrl's nor the
    /// callback scheme, or that differs in host, port, path, user or fragment, or that lost or
    /// changed one of the paymentUrl's query parameters.
    static func paymentURLMatch(paymentUrl: URL, candidate: URL, callbackScheme: String) -> String? {
        let matcher = SwedbankPaySDK.PaymentURLMatcher(callbackScheme: callbackScheme)
        guard matcher.url(candidate, matches: paymentUrl) else { return nil }
        guard let expected = URLComponents(url: paymentUrl.absoluteURL, resolvingAgainstBaseURL: true),
            let actual = URLComponents(url: candidate.absoluteURL, resolvingAgainstBaseURL: true)
        else { return "accepted \(candidate) without URL components" }
        let scheme = actual.scheme?.lowercased()
        if scheme != expected.scheme?.lowercased() && scheme != callbackScheme.lowercased() {
            return "accepted \(candidate) for \(paymentUrl): scheme differs"
        }
        if actual.percentEncodedHost?.lowercased() != expected.percentEncodedHost?.lowercased() {
            return "accepted \(candidate) for \(paymentUrl): host differs"
        }
        if actual.port != expected.port { return "accepted \(candidate) for \(paymentUrl): port differs" }
        let path = { (components: URLComponents) in
            components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        }
        if path(actual) != path(expected) { return "accepted \(candidate) for \(paymentUrl): path differs" }
        if actual.percentEncodedUser != expected.percentEncodedUser {
            return "accepted \(candidate) for \(paymentUrl): user differs"
        }
        if actual.percentEncodedFragment != expected.percentEncodedFragment {
            return "accepted \(candidate) for \(paymentUrl): fragment differs"
        }
        let actualItems = actual.percentEncodedQueryItems ?? []
        // An empty component (`&&`) carries no parameter; only real ones must survive.
        for item in expected.percentEncodedQueryItems ?? [] where !(item.name.isEmpty && item.value == nil) {
            if !actualItems.contains(item) {
                return "accepted \(candidate) for \(paymentUrl): query item \(item) lost or changed"
            }
        }
        return nil
    }

    /// The payment order every navigation property is decided against.
    static let navigationInfo = SwedbankPaySDK.ViewPaymentOrderInfo(
        isV3: true, webViewBaseURL: URL(string: "https://shop.example.com/"),
        viewPaymentLink: URL(string: "https://pay.example.com/checkout/1")!,
        completeUrl: URL(string: "https://shop.example.com/complete")!,
        cancelUrl: URL(string: "https://shop.example.com/cancel")!,
        paymentUrl: URL(
            string: "https://shop.example.com/sdk-callback/ios-universal-link?scheme=com.example.app&id=1")!,
        termsOfServiceUrl: URL(string: "https://shop.example.com/terms")!)

    /// Whatever the URL, frame, window and redirect behaviour: only http(s) pages and the engine's
    /// own schemes (about, data, blob, javascript — never as a new window) load in the web view,
    /// third-party pages are http(s), app launches are not, and only the exact completeUrl and
    /// cancelUrl complete or cancel, and only from the top-level document.
    static func navigation(
        _ request: SwedbankPaySDK.WebNavigationRequest, behaviour: SwedbankPaySDKController.WebRedirectBehavior
    ) -> String? {
        let matcher = SwedbankPaySDK.PaymentURLMatcher(callbackScheme: "com.example.app")
        let policy = SwedbankPaySDK.NavigationPolicy(
            info: navigationInfo, webRedirectBehavior: behaviour, matchesPaymentUrl: { matcher.url($0, matches: $1) })
        let url = request.url
        let scheme = url.scheme?.lowercased() ?? ""
        let topLevel = request.isMainFrame && !request.isNewWindow
        switch policy.decide(request) {
        case .allow:
            let loadable =
                ["http", "https"].contains(scheme)
                || (SwedbankPaySDK.NavigationPolicy.engineSchemes.contains(scheme) && !request.isNewWindow)
            return loadable ? nil : "allowed \(url) in the web view"
        case .thirdPartyPage(let page, _):
            return ["http", "https"].contains(page.scheme?.lowercased() ?? "") ? nil : "third-party page \(page)"
        case .launchApp(let app):
            return ["http", "https", ""].contains(app.scheme?.lowercased() ?? "") ? "launching \(app) as an app" : nil
        case .complete:
            if SwedbankPaySDK.NavigationPolicy.normalized(url) != "https://shop.example.com/complete" {
                return "completed on \(url)"
            }
            return topLevel ? nil : "completed from a frame or popup"
        case .cancelPayment:
            if SwedbankPaySDK.NavigationPolicy.normalized(url) != "https://shop.example.com/cancel" {
                return "cancelled on \(url)"
            }
            return topLevel ? nil : "cancelled from a frame or popup"
        case .reloadPaymentMenu:
            return topLevel ? nil : "reloaded from a frame or popup"
        case .deny, .termsOfService, .openInBrowser:
            return nil
        }
    }
}
