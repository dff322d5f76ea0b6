import Foundation
import SwedbankPaySDK

/// Builds the default transport of a Merchant Backend configuration with its pins enforced where
/// the platform allows.
enum PinningSessionFactory {
    static func makeClient(pins: [SwedbankPaySDK.PinPublicKeys]) -> any SwedbankPaySDK.HTTPClient {
        guard !pins.isEmpty else { return SwedbankPaySDK.URLSessionHTTPClient() }
        #if canImport(Security)
            return SwedbankPaySDK.URLSessionHTTPClient(session: PinningSessionDelegate.makeSession(pins: pins))
        #else
            return UnenforceablePinsClient(base: SwedbankPaySDK.URLSessionHTTPClient(), pins: pins)
        #endif
    }
}

/// Refuses requests to pinned hosts on platforms that cannot check pins, so a pinned host is
/// never contacted unpinned.
struct UnenforceablePinsClient: SwedbankPaySDK.HTTPClient {
    let base: any SwedbankPaySDK.HTTPClient
    let pins: [SwedbankPaySDK.PinPublicKeys]

    func send(
        _ request: SwedbankPaySDK.HTTPRequest
    ) async throws(SwedbankPaySDK.TransportError) -> SwedbankPaySDK.HTTPResponse {
        if let host = request.url.host, pins.contains(where: { $0.applies(to: host) }) {
            throw .untrustedServer(request.url)
        }
        return try await base.send(request)
    }
}
