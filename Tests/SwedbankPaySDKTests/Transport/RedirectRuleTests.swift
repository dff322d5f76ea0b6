import Foundation
import Testing

@testable import SwedbankPaySDK

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Redirects never carry the app's credentials to another origin, nor from https to http.
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
    ])
    func aCrossOriginRedirectKeepsOnlyAcceptAndUserAgent(from: String, to: String) {
        let followed = SwedbankPaySDK.RedirectRule.follow(Self.request(to), from: URL(string: from)!)
        #expect(followed?.url?.absoluteString == to)
        #expect(Self.headerNames(followed) == ["accept", "user-agent"])
    }

    @Test func aRedirectFromHttpsToHttpIsNotFollowed() {
        #expect(
            SwedbankPaySDK.RedirectRule.follow(
                Self.request("http://shop.example/b"), from: URL(string: "https://shop.example/a")!) == nil)
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

    /// Through URLSession on real sockets: a 302 to another port arrives without the credentials,
    /// a 302 on the same server keeps them.
    @Test func theTransportStripsCredentialsOnARedirectToAnotherOrigin() async throws {
        let other = try LoopbackHTTPServer { _ in .respond(status: 200, headers: [], body: Data("other".utf8)) }
        defer { other.stop() }
        let first = try LoopbackHTTPServer { request in
            if request.requestLine.hasPrefix("GET /same ") {
                return .respond(status: 302, headers: [("Location", "/landing")], body: Data())
            }
            if request.requestLine.hasPrefix("GET /landing ") {
                return .respond(status: 200, headers: [], body: Data("same".utf8))
            }
            return .respond(
                status: 302, headers: [("Location", other.baseURL.absoluteString + "/elsewhere")], body: Data())
        }
        defer { first.stop() }
        let client = SwedbankPaySDK.URLSessionHTTPClient()
        var headers = SwedbankPaySDK.HTTPHeaders()
        headers.add(name: "x-payex-sample-apikey", value: "key")
        headers.add(name: "x-payex-sample-access-token", value: "token-1")

        let away = try await client.send(
            SwedbankPaySDK.HTTPRequest(
                method: "GET", url: first.baseURL.appendingPathComponent("away"), headers: headers))
        #expect(away.status == 200)
        #expect(away.body == Data("other".utf8))
        let arrived = try #require(other.requests.first)
        #expect(arrived.requestLine == "GET /elsewhere HTTP/1.1")
        #expect(arrived.header("x-payex-sample-apikey") == nil)
        #expect(arrived.header("x-payex-sample-access-token") == nil)

        let same = try await client.send(
            SwedbankPaySDK.HTTPRequest(
                method: "GET", url: first.baseURL.appendingPathComponent("same"), headers: headers))
        #expect(same.body == Data("same".utf8))
        let landing = try #require(first.requests.last)
        #expect(landing.requestLine == "GET /landing HTTP/1.1")
        #expect(landing.header("x-payex-sample-apikey") == "key")
    }
}
