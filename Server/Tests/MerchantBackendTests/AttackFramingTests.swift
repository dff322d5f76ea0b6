import Foundation
import Logging
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

/// Requests whose HTTP/1.1 framing is broken — a chunk size that is not hexadecimal, two
/// `Content-Length`s, a body cut short, a folded header, a head too large — sent byte for byte to
/// both servers. Each is the client's fault: a 400 problem (431 for a head too large) or a closed
/// connection, one answer at most, never a 500, and nothing logged as an error.
@Suite(.timeLimit(.minutes(2))) struct AttackFramingTests {
    typealias URI = SwedbankPaySDK.ProblemTypeURI

    /// What a broken request must get.
    enum Outcome: Equatable, CustomStringConvertible {
        /// This status with a problem document saying `detail`, then the connection closes.
        case problem(Int, String)
        /// An ordinary answer with this status: the request was not broken after all (a form the
        /// HTTP parser takes).
        case answered(Int)

        var description: String {
            switch self {
            case .problem(let status, let detail): "\(status) problem: \(detail)"
            case .answered(let status): "answered \(status)"
            }
        }
    }

    static let chunked = "The request body's chunked encoding is invalid."
    static let malformed = "The request is not valid HTTP/1.1."
    static let length = "The request's Content-Length is invalid, repeated, or beside Transfer-Encoding."
    static let cutShort = "The request ended before its body did."
    static let tooLarge = "The request's head is larger than 81920 bytes."

    /// One broken request: the head's extra lines, the body, and whether the client stops sending
    /// after it. `{}` is a body the routes would take.
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let headers: [String]
        let body: String
        var endSending = false
        /// The request line and head as sent, when the case breaks them itself.
        var rawHead: (@Sendable (_ method: String, _ path: String, _ fields: [String]) -> String)?
        let expected: Outcome

        var description: String { name }

        func bytes(method: String, path: String, fields: [String]) -> [UInt8] {
            let all = fields + headers + ["Connection: close"]
            let head =
                rawHead?(method, path, all)
                ?? "\(method) \(path) HTTP/1.1\r\n" + all.map { $0 + "\r\n" }.joined() + "\r\n"
            return Array(head.utf8) + Array(body.utf8)
        }
    }

    static let cases: [Case] = [
        Case(
            name: "chunk size ZZ", headers: ["Transfer-Encoding: chunked"], body: "ZZ\r\n{}\r\n0\r\n\r\n",
            expected: .problem(400, chunked)),
        Case(
            name: "chunk size overflowing 64 bits", headers: ["Transfer-Encoding: chunked"],
            body: "10000000000000000\r\n{}\r\n0\r\n\r\n", expected: .problem(400, chunked)),
        Case(
            name: "chunk longer than its size", headers: ["Transfer-Encoding: chunked"],
            body: "2\r\n{}}\r\n0\r\n\r\n", expected: .problem(400, malformed)),
        Case(
            name: "chunked body cut short", headers: ["Transfer-Encoding: chunked"], body: "10\r\n{}",
            endSending: true, expected: .problem(400, cutShort)),
        Case(
            name: "Content-Length and chunked", headers: ["Content-Length: 2", "Transfer-Encoding: chunked"],
            body: "2\r\n{}\r\n0\r\n\r\n", expected: .problem(400, malformed)),
        Case(
            name: "Content-Length twice, equal", headers: ["Content-Length: 2", "Content-Length: 2"], body: "{}",
            expected: .problem(400, length)),
        Case(
            name: "Content-Length twice, different", headers: ["Content-Length: 2", "Content-Length: 3"],
            body: "{} ", expected: .problem(400, length)),
        Case(
            name: "Content-Length not a number", headers: ["Content-Length: 2x"], body: "{}",
            expected: .problem(400, length)),
        Case(
            name: "Content-Length negative", headers: ["Content-Length: -1"], body: "{}",
            expected: .problem(400, length)),
        Case(
            name: "body shorter than Content-Length", headers: ["Content-Length: 50"], body: "{}", endSending: true,
            expected: .problem(400, cutShort)),
        Case(
            name: "Transfer-Encoding gzip alone", headers: ["Transfer-Encoding: gzip"], body: "{}",
            expected: .problem(400, malformed)),
        Case(
            name: "obs-fold", headers: ["X-Folded: first", " continued"], body: "", expected: .problem(400, malformed)
        ),
        Case(
            name: "space in a header name", headers: ["Bad Name: x"], body: "", expected: .problem(400, malformed)),
        Case(
            name: "NUL in a header value", headers: ["X-Value: a\u{0}b"], body: "", expected: .problem(400, malformed)),
        Case(
            name: "header of 81 KiB", headers: ["X-Large: " + String(repeating: "a", count: 81 * 1_024)], body: "",
            expected: .problem(431, tooLarge)),
        Case(
            name: "1,001 header fields", headers: (0...1_000).map { "X-Field-\($0): x" }, body: "",
            expected: .problem(431, tooLarge)),
        Case(
            name: "bare LF line ends", headers: [], body: "",
            rawHead: { method, path, fields in
                "\(method) \(path) HTTP/1.1\n" + fields.map { $0 + "\n" }.joined() + "\n"
            }, expected: .problem(400, malformed)),
        Case(
            name: "request line with a fourth part", headers: [], body: "",
            rawHead: { method, path, fields in
                "\(method) \(path) HTTP/1.1 extra\r\n" + fields.map { $0 + "\r\n" }.joined() + "\r\n"
            }, expected: .problem(400, malformed)),
        Case(
            name: "a TLS client hello on the plain port", headers: [], body: "",
            rawHead: { _, _, _ in "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\u{03}\u{03}" },
            expected: .problem(400, malformed)),
    ]

    /// Sends `request` and checks its one answer against `expected`; returns what went wrong.
    static func check(
        _ request: Case, port: Int, method: String, path: String, fields: [String], problemType: String
    ) async throws -> [String] {
        let exchange = try await RawHTTP.exchange(
            port: port, request.bytes(method: method, path: path, fields: fields), endSending: request.endSending)
        var wrong: [String] = []
        guard exchange.responses.count == 1, exchange.leftover.isEmpty else {
            return [
                "\(request) on \(method) \(path): \(exchange.responses.map(\.status)) and \(exchange.leftover.count) bytes more"
            ]
        }
        let response = exchange.responses[0]
        switch request.expected {
        case .problem(let status, let detail):
            let got = response.json
            if response.status != status || response.header("content-type") != "application/problem+json"
                || got["type"] as? String != problemType || got["detail"] as? String != detail
            {
                wrong.append("\(request) on \(method) \(path): \(response.status) \(response.body)")
            }
        case .answered(let status):
            if response.status != status { wrong.append("\(request) on \(method) \(path): \(response.status)") }
        }
        return wrong
    }

    static let appFields = [
        "Host: 127.0.0.1", "x-payex-sample-apikey: \(BackendHarness.apiKey)",
        "x-payex-sample-access-token: \(BackendHarness.user)", "Content-Type: application/json",
    ]

    /// Every case on the open callback route and on order creation, an authenticated route.
    @Test func everyBrokenFramingIsAProblemOnTheBackend() async throws {
        let log = RecordedLog()
        try await BackendHarness.run(logger: log.logger) { harness in
            var wrong: [String] = []
            for request in Self.cases {
                for (method, path) in [("POST", "/swedbankpay/callback"), ("POST", "/paymentorders")] {
                    wrong += try await Self.check(
                        request, port: harness.backendPort, method: method, path: path, fields: Self.appFields,
                        problemType: URI.mobileSDKBadRequest)
                }
            }
            #expect(wrong == [])
            // The backend still serves.
            #expect(try await harness.send(.GET, "/healthz", headers: [:]).status == 200)
        }
        #expect(log.lines(atLeast: .error).map(\.description) == [])
    }

    /// The same cases on the sandbox's order creation.
    @Test func everyBrokenFramingIsAProblemOnTheSandbox() async throws {
        let log = RecordedLog()
        try await BackendHarness.run(logger: log.logger) { harness in
            let port = try #require(URL(string: harness.sandboxURL)?.port)
            let fields = [
                "Host: 127.0.0.1", "Authorization: Bearer \(BackendHarness.merchantToken)",
                "Content-Type: application/json",
            ]
            var wrong: [String] = []
            for request in Self.cases {
                // The sandbox answers every client error as Swedbank Pay does: 400 `inputerror`.
                var sandboxCase = request
                if case .problem(_, let detail) = request.expected {
                    sandboxCase = Case(
                        name: request.name, headers: request.headers, body: request.body,
                        endSending: request.endSending, rawHead: request.rawHead, expected: .problem(400, detail))
                }
                wrong += try await Self.check(
                    sandboxCase, port: port, method: "POST", path: "/psp/paymentorders", fields: fields,
                    problemType: SwedbankPaySDK.SwedbankPayProblemType.inputError.rawValue)
            }
            #expect(wrong == [])
        }
        #expect(log.lines(atLeast: .error).map(\.description) == [])
    }

    /// A chunk size `ZZ` on every route of both servers, with the credentials each takes: never a
    /// 500, one answer, a problem document for every refusal (an HTML page's 404 for the
    /// sandbox's pages), nothing logged as an error.
    @Test func aBrokenChunkOnEveryRouteOfBothServersIsNeverA500() async throws {
        let log = RecordedLog()
        try await BackendHarness.run(logger: log.logger) { harness in
            let sandboxPort = try #require(URL(string: harness.sandboxURL)?.port)
            let targets: [(port: Int, routes: [(String, String)], fields: [String])] = [
                (
                    harness.backendPort, harness.backend.router().routes.map { ("\($0.method)", "\($0.path)") },
                    Self.appFields
                ),
                (
                    sandboxPort, harness.sandbox.router().routes.map { ("\($0.method)", "\($0.path)") },
                    [
                        "Host: 127.0.0.1", "Authorization: Bearer \(BackendHarness.merchantToken)",
                        "Content-Type: application/json", "X-Sandbox-Control: 1",
                    ]
                ),
            ]
            var wrong: [String] = []
            var checked = 0
            for target in targets {
                for (method, template) in target.routes {
                    let path = Self.concretePath(template)
                    let request = Case(
                        name: "chunk size ZZ", headers: ["Transfer-Encoding: chunked"], body: "ZZ\r\n{}\r\n0\r\n\r\n",
                        expected: .answered(0))
                    let exchange = try await RawHTTP.exchange(
                        port: target.port, request.bytes(method: method, path: path, fields: target.fields))
                    checked += 1
                    guard exchange.responses.count <= 1, exchange.leftover.isEmpty else {
                        wrong.append("\(method) \(path): \(exchange.responses.map(\.status)) + \(exchange.leftover)")
                        continue
                    }
                    guard let response = exchange.responses.first else { continue }
                    // A refusal is a problem document, but for the sandbox's pages (HTML 404s).
                    let type = response.header("content-type") ?? ""
                    if response.status >= 500
                        || (response.status >= 400 && type != "application/problem+json"
                            && !type.hasPrefix("text/html"))
                    {
                        wrong.append("\(method) \(path): \(response.status) \(response.body.prefix(200))")
                    }
                }
            }
            #expect(checked > 40)
            #expect(wrong == [])
        }
        #expect(log.lines(atLeast: .error).map(\.description) == [])
    }

    /// A route template with each parameter and wildcard filled in.
    static func concretePath(_ template: String) -> String {
        template.split(separator: "/", omittingEmptySubsequences: false).map { component in
            component.contains("{") || component.contains("*") ? "x" : String(component)
        }.joined(separator: "/")
    }

    /// A well-formed request followed by garbage on the same connection: the first is answered,
    /// the garbage gets the problem after it, and the connection closes.
    @Test func garbageAfterAGoodRequestIsAnsweredAfterIt() async throws {
        let log = RecordedLog()
        try await BackendHarness.run(logger: log.logger) { harness in
            let exchange = try await RawHTTP.exchange(
                port: harness.backendPort, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nZZZZ\r\n\r\n")
            #expect(exchange.responses.map(\.status) == [200, 400])
            #expect(exchange.responses.last?.json["detail"] as? String == Self.malformed)
            #expect(exchange.leftover == "")
        }
        #expect(log.lines(atLeast: .error).map(\.description) == [])
    }
}
