#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import HTTPTypes
import Hummingbird

/// Which pages may frame a sandbox page (clickjacking). The dashboard (with its buttons that
/// resend callbacks and arm faults), the Redirect page and the bank page are top-level pages:
/// nobody frames them. The Seamless View's frame is framed by the merchant's page, and only by a
/// page at one of the order's `hostUrls` — as Swedbank Pay documents `hostUrls`.
enum PageFraming: Sendable, Equatable {
    /// `Content-Security-Policy: frame-ancestors 'none'` and `X-Frame-Options: DENY` (for
    /// browsers without CSP level 2).
    case nobody
    /// `Content-Security-Policy: frame-ancestors <origins>`; no `X-Frame-Options`, which cannot
    /// name several origins (and which a browser ignores where `frame-ancestors` is sent).
    /// Empty (an order without `hostUrls`, such as a merchant-initiated one, which names no
    /// page) restricts nothing.
    case origins([String])

    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!

    /// The framing of the Seamless View frame of an order with these `hostUrls`: their origins,
    /// each as the browser writes one (scheme, host and a port other than the scheme's).
    static func hostUrls(_ urls: [URL]) -> PageFraming {
        var origins: [String] = []
        for origin in urls.compactMap(PaymentMenuModel.origin) where isOrigin(origin) && !origins.contains(origin) {
            origins.append(origin)
        }
        return .origins(origins)
    }

    /// The response with this framing's headers.
    func apply(to response: Response) -> Response {
        var response = response
        switch self {
        case .origins(let origins):
            guard !origins.isEmpty else { break }
            response.headers[.contentSecurityPolicy] = "frame-ancestors " + origins.joined(separator: " ")
        case .nobody:
            response.headers[.contentSecurityPolicy] = "frame-ancestors 'none'"
            response.headers[Self.xFrameOptions] = "DENY"
        }
        return response
    }

    /// Whether `text` is an origin a CSP source list can hold as it is: nothing in it could end
    /// the directive (`;`, `,`, a space) or the header.
    private static func isOrigin(_ text: String) -> Bool {
        text.range(of: #"^https?://[A-Za-z0-9.\-]+(:[0-9]{1,5})?$"#, options: .regularExpression) != nil
    }
}
#endif
