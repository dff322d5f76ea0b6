import Foundation
import Testing

@testable import SwedbankPaySDK

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Redirects are followed within their origin only: credentials and bodies never leave it.
@Suite(.timeLimit(.minutes(1))) struct RedirectRuleTests {
    static func request(_ url: String) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.setValue("key", forHTTPHeaderField: "x-payex-sample-apikey")
        request.setValue("token-1", forHTTPHeaderField: "x-payex-sample-access-token")
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("SwedbankPaySDK-iOS/1", forHTTPHeaderField: "User-Agent")
        return request
    }

    static func headerNames(_ request: URLRequest?) -> [String] {
        (request?.allHTTPHeaderFields ?? [:]).keys.map { $0.lowercased() }.sorted()
    }

    @Test(arguments: [
        ("https://shop.example/a", "https://shop.example/b"),
        ("https://shop.example/a", "https://SHOP.example:443/b"),
        ("http://127.0.0.1:8080/a", "http://127.0.0.1:8080/b"),
    ])
    func aSameOriginRedirectKeepsEverything(from: String, to: String) {
        let followed = SwedbankPaySDK.RedirectRule.follow(Self.request(to), from: URL(string: from)!)
        #expect(Self.headerNames(followed) == Self.headerNames(Self.request(to)))
    }

    @Test(arguments: [
        ("https://shop.example/a", "https://evil.example/b"),
        ("https://shop.example/a", "https://shop.example:8443/b"),
        ("http://127.0.0.1:8080/a", "http://127.0.0.1:8081/b"),
        ("http://shop.example/a", "https://shop.example/b"),
        ("https://shop.example/a", "http://shop.example/b"),
    ])
    func aRedirectToAnotherOriginIsNotFollowed(from: String, to: String) {
        #expect(SwedbankPaySDK.RedirectRule.follow(Self.request(to), from: URL(string: from)!) == nil)
    }

    @Test(arguments: [
        ("https://shop.example/", true), ("http://localhost:8080/", true), ("http://127.0.0.1/", true),
        ("http://127.10.0.3:1/", true), ("http://[::1]:8080/", true), ("http://shop.example/", false),
        ("http://192.168.1.2/", false), ("http://127.0.0.1.evil.example/", false), ("ftp://127.0.0.1/", false),
        ("http://localhost.evil.example/", false),
    ])
    func credentialsGoOverHttpsOrStayOnThisDevice(url: String, allowed: Bool) {
        #expect(SwedbankPaySDK.RedirectRule.isSecureOrLoopback(URL(string: url)!) == allowed)
    }

    /// Through URLSession on real sockets: a 302 and a 307 (which would repeat the POST and its
    /// body) to another port are not followed — the other server gets nothing — and a 302 on the
    /// same server is followed with the headers.
    @Test func theTransportFollowsRedirectsOnlyWithinTheOrigin() async throws {
        let other = try LoopbackHTTPServer { _ in .respond(status: 200, headers: [], body: Data("other".utf8)) }
        defer { other.stop() }
        let first = try LoopbackHTTPServer { request in
            if request.requestLine.hasPrefix("GET /same ") {
                return .respond(status: 302, headers: [("Location", "/landing")], body: Data())
            }
            if request.requestLine.hasPrefix("GET /landing ") {
                return .respond(status: 200, headers: [], body: Data("same".utf8))
            }
            let status = request.requestLine.hasPrefix("POST") ? 307 : 302
            return .respond(
                status: status, headers: [("Location", other.baseURL.absoluteString + "/elsewhere")], body: Data())
        }
        defer { first.stop() }
        let client = SwedbankPaySDK.URLSessionHTTPClient()
        var headers = SwedbankPaySDK.HTTPHeaders()
        headers.add(name: "x-payex-sample-apikey", value: "key")
        headers.add(name: "x-payex-sample-access-token", value: "token-1")

        let away = try await client.send(
            SwedbankPaySDK.HTTPRequest(
                method: "GET", url: first.baseURL.appendingPathComponent("away"), headers: headers))
        #expect(away.status == 302)
        let posted = try await client.send(
            SwedbankPaySDK.HTTPRequest(
                method: "POST", url: first.baseURL.appendingPathComponent("orders"), headers: headers,
                body: Data(#"{"payer":"x"}"#.utf8)))
        #expect(posted.status == 307)
        #expect(other.requests.isEmpty)

        let same = try await client.send(
            SwedbankPaySDK.HTTPRequest(
                method: "GET", url: first.baseURL.appendingPathComponent("same"), headers: headers))
        #expect(same.body == Data("same".utf8))
        let landing = try #require(first.requests.last)
        #expect(landing.requestLine == "GET /landing HTTP/1.1")
        #expect(landing.header("x-payex-sample-apikey") == "key")
    }
}
