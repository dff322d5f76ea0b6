import Foundation
import PropertyBased
import Testing

@testable import SwedbankPaySDK

/// The SDK's properties (`Properties/SDKProperties.swift`) on generated inputs: JSON values of
/// every shape (in the form the parser gives them), payment URLs and candidates that differ from them in one part, and navigations to
/// URLs of every scheme from every frame.
@Suite struct SDKPropertyTests {
    @Test func parseAfterSerializeIsTheIdentityAndFoundationAgrees() async {
        await propertyCheck(count: 2_000, input: JSONGen.value) { value in
            #expect(SDKProperties.jsonRoundTrip(value) == nil)
        }
    }

    @Test func anyTextParsesToAValueThatRoundTripsOrFailsWithATypedError() async {
        await propertyCheck(count: 2_000, input: JSONGen.text) { text in
            do throws(SwedbankPaySDK.JSONValue.ParseError) {
                let value = try SwedbankPaySDK.JSONValue(parsing: text)
                #expect(SDKProperties.jsonRoundTrip(value) == nil)
            } catch {
                // The typed error is the outcome; the parser names a reason and a position.
                #expect(!error.reason.isEmpty)
            }
        }
    }

    @Test func theMatcherRejectsEveryURLThatDiffersInOnePart() async {
        await propertyCheck(count: 2_000, input: URLGen.paymentURL, URLGen.change) { paymentUrl, change in
            let candidate = change.apply(to: paymentUrl)
            #expect(
                SDKProperties.paymentURLMatch(paymentUrl: paymentUrl, candidate: candidate, callbackScheme: URLGen.app)
                    == nil)
            let matcher = SwedbankPaySDK.PaymentURLMatcher(callbackScheme: URLGen.app)
            // The properties above must not pass because nothing matches: the changes that keep
            // the payment URL's meaning are accepted, every other one refused.
            #expect(matcher.url(candidate, matches: paymentUrl) == change.keepsTheMatch, "\(paymentUrl) → \(candidate)")
        }
    }

    @Test func onlyHTTPPagesAndEngineSchemesLoadInTheWebView() async {
        await propertyCheck(count: 3_000, input: NavigationGen.request, NavigationGen.behaviour) { request, behaviour in
            #expect(SDKProperties.navigation(request, behaviour: behaviour) == nil)
        }
    }
}

/// Generators of JSON: values up to a few levels deep, and text that is mostly JSON.
enum JSONGen {
    static let value = Generator<SwedbankPaySDK.JSONValue, Shrink.None<SwedbankPaySDK.JSONValue>> { rng in
        make(depth: 0, using: &rng)
    }

    static let text = Generator<String, Shrink.None<String>> { rng in
        var text = make(depth: 0, using: &rng).jsonText
        // Damage a third of the documents at one place, so the error paths run too.
        if Int.random(in: 0..<3, using: &rng) == 0, !text.isEmpty {
            var scalars = Array(text.unicodeScalars)
            let at = Int.random(in: 0..<scalars.count, using: &rng)
            let junk: [Unicode.Scalar] = ["\"", "\\", "{", "]", ",", ":", "\u{0}", "\u{1F600}", "e", "-", "."]
            scalars[at] = junk.randomElement(using: &rng)!
            text = String(String.UnicodeScalarView(scalars))
        }
        return text
    }

    private static func make(depth: Int, using rng: inout some RandomNumberGenerator) -> SwedbankPaySDK.JSONValue {
        let kinds = depth >= 4 ? 5 : 7
        switch Int.random(in: 0..<kinds, using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .integer(integer(using: &rng))
        case 3:
            // The parser reads a whole number below 9e18 written with a fraction or exponent
            // (`2.0`, `1e3`, `-0.0`) as an integer, as JSONDecoder does: such a `.number` is never
            // parsed, so the identity is stated for the values parsing gives.
            let number = double(using: &rng)
            if number.rounded() == number && abs(number) < 9.0e18 { return .integer(Int64(number)) }
            return .number(number)
        case 4: return .string(string(using: &rng))
        case 5:
            return .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in make(depth: depth + 1, using: &rng) })
        default:
            var members: SwedbankPaySDK.JSONObject = [:]
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                members[string(using: &rng)] = make(depth: depth + 1, using: &rng)
            }
            return .object(members)
        }
    }

    private static func integer(using rng: inout some RandomNumberGenerator) -> Int64 {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return [Int64.min, Int64.max, 0, -1, 1].randomElement(using: &rng)!
        case 1: return Int64.random(in: -1_000...1_000, using: &rng)
        default: return Int64.random(in: Int64.min...Int64.max, using: &rng)
        }
    }

    /// Finite doubles of every size: tiny and huge exponents, whole numbers, negative zero.
    private static func double(using rng: inout some RandomNumberGenerator) -> Double {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0:
            let edges = [
                0.5, -0.0, Double.leastNormalMagnitude / 3, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 0.1, 1e21,
                2.0,
            ]
            return edges.randomElement(using: &rng)!
        case 1: return Double(Int.random(in: -1_000_000...1_000_000, using: &rng)) / 100
        case 2: return Double(Int64.random(in: Int64.min...Int64.max, using: &rng)) * 1_024
        default:
            let bits = UInt64.random(in: 0...UInt64.max, using: &rng)
            let double = Double(bitPattern: bits)
            return double.isFinite ? double : 0.25
        }
    }

    /// Strings with what JSON must escape: quotes, backslashes, controls, and scalars beyond the
    /// Basic Multilingual Plane (written as UTF-8, surrogate pairs when escaped).
    private static func string(using rng: inout some RandomNumberGenerator) -> String {
        let pools: [ClosedRange<UInt32>] = [0x20...0x7E, 0x00...0x1F, 0xA0...0x2FF, 0x1F300...0x1F64F, 0xE000...0xFFFD]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            let pool = pools.randomElement(using: &rng)!
            if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &rng)) { scalars.append(scalar) }
            if Int.random(in: 0..<8, using: &rng) == 0 {
                scalars.append(["\"", "\\", "/"].randomElement(using: &rng)!)
            }
        }
        return String(scalars)
    }
}

/// Payment URLs as the backend makes them, and one change to a candidate.
enum URLGen {
    static let app = "com.example.app"

    static let paymentURL = Generator<URL, Shrink.None<URL>> { rng in
        var components = URLComponents()
        components.scheme = ["https", "http"].randomElement(using: &rng)!
        components.host = ["shop.example.com", "example.com", "a.b.example.se"].randomElement(using: &rng)!
        if Bool.random(using: &rng) { components.port = Int.random(in: 1...65_535, using: &rng) }
        let segments = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
            ["sdk-callback", "ios-universal-link", "payment", "Ödla", "a b", "x%y"].randomElement(using: &rng)!
        }
        components.path = "/" + segments.joined(separator: "/")
        components.queryItems = (0..<Int.random(in: 1...3, using: &rng)).map { index in
            URLQueryItem(
                name: ["scheme", "language", "id", "app"][index],
                value: ["com.example.app", "sv-SE", "ord-\(Int.random(in: 0...999, using: &rng))", "My Shop & Co"]
                    .randomElement(using: &rng)!)
        }
        return components.url!
    }

    static let change = Generator<Change, Shrink.None<Change>> { rng in
        Change.allCases.randomElement(using: &rng)!
    }

    /// One change to the payment URL, and whether the matcher must still accept it.
    enum Change: CaseIterable, Sendable {
        case none, callbackScheme, extraQueryItem, reorderedQuery
        case otherScheme, otherHost, otherPort, otherPath, otherQueryValue, lostQueryItem, fragment, user

        var keepsTheMatch: Bool {
            switch self {
            case .none, .callbackScheme, .extraQueryItem, .reorderedQuery: return true
            default: return false
            }
        }

        func apply(to url: URL) -> URL {
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
            var items = components.queryItems ?? []
            switch self {
            case .none: break
            case .callbackScheme: components.scheme = URLGen.app
            case .extraQueryItem: items.append(URLQueryItem(name: "fallback", value: "true"))
            case .reorderedQuery: items.reverse()
            case .otherScheme: components.scheme = components.scheme == "https" ? "ftp" : "https"
            case .otherHost: components.host = "evil-" + (components.host ?? "")
            case .otherPort: components.port = (components.port ?? 443) == 8_443 ? 8_444 : 8_443
            case .otherPath: components.path += "/more"
            case .otherQueryValue: items[0].value = (items[0].value ?? "") + "x"
            case .lostQueryItem: items.removeLast()
            case .fragment: components.fragment = "top"
            case .user: components.user = "someone"
            }
            components.queryItems = items.isEmpty ? nil : items
            return components.url!
        }
    }
}

/// Navigations to URLs of every scheme, from the top-level document, a frame or a new window.
enum NavigationGen {
    static let request = Generator<
        SwedbankPaySDK.WebNavigationRequest, Shrink.None<SwedbankPaySDK.WebNavigationRequest>
    > {
        rng in
        let schemes = [
            "https", "http", "HTTPS", "about", "data", "blob", "javascript", "file", "ftp", "intent", "swish",
            "com.example.app", "bankid", "mailto", "tel", "ws", "chrome", "x-apple-data-detectors",
        ]
        let targets = [
            "//shop.example.com/complete", "//shop.example.com/cancel", "//shop.example.com/complete/",
            "//shop.example.com/cancel?x=1", "//bank.example.net/3ds", "//pay.example.com/checkout/1",
            "//shop.example.com/sdk-callback/ios-universal-link?scheme=com.example.app&id=1",
            "//shop.example.com/terms",
            "blank", "text/html,<b>x</b>", "alert(1)", "//", "",
        ]
        let text = schemes.randomElement(using: &rng)! + ":" + targets.randomElement(using: &rng)!
        let url = URL(string: text) ?? URL(string: "about:blank")!
        return SwedbankPaySDK.WebNavigationRequest(
            url: url, isMainFrame: Bool.random(using: &rng), isNewWindow: Int.random(in: 0..<4, using: &rng) == 0)
    }

    static let behaviour = Generator<
        SwedbankPaySDKController.WebRedirectBehavior, Shrink.None<SwedbankPaySDKController.WebRedirectBehavior>
    > { rng in
        [.Default, .AlwaysUseWebView, .AlwaysUseBrowser].randomElement(using: &rng)!
    }
}

/// `SwedbankPaySDK.open(url:)` routing: whatever payments are waiting (some of them already
/// gone), a returning URL reaches exactly the live payments whose paymentUrl it matches, and
/// counts as handled exactly when one of them took it.
@MainActor @Suite struct PaymentURLRoutingPropertyTests {
    @Test func aReturningURLReachesExactlyTheLivePaymentsItMatches() async {
        await propertyCheck(count: 1_000, input: RoutingGen.scenario) { scenario in
            let router = SwedbankPaySDK.PaymentURLRouter()
            var live: [WaitingPayment] = []
            for (index, paymentUrl) in scenario.paymentUrls.enumerated() {
                let payment = WaitingPayment(paymentUrl: paymentUrl)
                router.register(payment)
                // Payments that ended leave the registry by themselves (held weakly).
                if !scenario.gone.contains(index) { live.append(payment) }
            }
            let url = scenario.change.apply(to: scenario.paymentUrls[scenario.returning])
            let handled = router.route(url)
            let matcher = SwedbankPaySDK.PaymentURLMatcher(callbackScheme: URLGen.app)
            let expected = live.filter { matcher.url(url, matches: $0.paymentUrl) }
            #expect(live.filter { !$0.received.isEmpty }.map(\.paymentUrl) == expected.map(\.paymentUrl))
            #expect(expected.allSatisfy { $0.received == [url] })
            #expect(handled == !expected.isEmpty)
            #expect(router.count == live.count)
        }
    }

    /// A payment waiting for its paymentUrl, as a menu or a native session does.
    final class WaitingPayment: SwedbankPaySDK.PaymentURLReceiver {
        let paymentUrl: URL
        var received: [URL] = []

        init(paymentUrl: URL) { self.paymentUrl = paymentUrl }

        func receivePaymentURL(_ url: URL) -> Bool {
            guard SwedbankPaySDK.PaymentURLMatcher(callbackScheme: URLGen.app).url(url, matches: paymentUrl) else {
                return false
            }
            received.append(url)
            return true
        }
    }
}

/// Payments waiting for their paymentUrls (a few of them gone) and one URL coming back.
enum RoutingGen {
    struct Scenario: Sendable {
        var paymentUrls: [URL]
        var gone: Set<Int>
        var returning: Int
        var change: URLGen.Change
    }

    static let scenario = Generator<Scenario, Shrink.None<Scenario>> { rng in
        let count = Int.random(in: 1...4, using: &rng)
        let urls = (0..<count).map { _ in URLGen.paymentURL.run(using: &rng) }
        // Now and then two payments share a paymentUrl: both must learn it returned.
        let paymentUrls = Int.random(in: 0..<5, using: &rng) == 0 ? urls + [urls[0]] : urls
        let gone = Set((0..<paymentUrls.count).filter { _ in Int.random(in: 0..<4, using: &rng) == 0 })
        return Scenario(
            paymentUrls: paymentUrls, gone: gone, returning: Int.random(in: 0..<paymentUrls.count, using: &rng),
            change: URLGen.change.run(using: &rng))
    }
}
