import Foundation
import ServerSupport
import Testing

/// The one way a listening host becomes a URL: wildcards reached on loopback, IPv6 literals
/// bracketed with their zone written as RFC 6874 says, and a host no URL can name a typed error
/// (it used to trap on a force-unwrap).
@Suite struct ServerURLTests {
    @Test(arguments: [
        ("127.0.0.1", 8080, "http://127.0.0.1:8080"),
        ("0.0.0.0", 80, "http://127.0.0.1:80"),
        ("::", 8081, "http://127.0.0.1:8081"),
        ("::1", 8081, "http://[::1]:8081"),
        ("[::1]", 1, "http://[::1]:1"),
        ("fe80::1%eth0", 8081, "http://[fe80::1%25eth0]:8081"),
        ("shop.example", 443, "http://shop.example:443"),
    ])
    func aHostIsWrittenSoTheURLNamesIt(host: String, port: Int, expected: String) throws {
        let url = try ServerURL.http(host: host, port: port)
        #expect(url.absoluteString == expected)
        #expect(url.port == port)
    }

    @Test func anIPv6ZoneSurvivesTheRoundTrip() throws {
        let url = try ServerURL.http(host: "fe80::1%eth0", port: 8081)
        #expect(url.host == "fe80::1%eth0")
    }

    @Test(arguments: ["exa mple", "a/b", "user@host", "host?x", "host#x", "fe80::1%eth 0"])
    func aHostNoURLCanNameIsATypedError(host: String) {
        #expect(throws: ServerURL.UnusableHost(host: host)) { try ServerURL.http(host: host, port: 8080) }
    }
}
