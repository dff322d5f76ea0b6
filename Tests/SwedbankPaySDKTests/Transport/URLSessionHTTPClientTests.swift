import Foundation
import Testing

@testable import SwedbankPaySDK

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession transport against a real socket on loopback.
@Suite(.timeLimit(.minutes(1))) struct URLSessionHTTPClientTests {
    @Test func sendsTheRequestAndReturnsTheWholeResponse() async throws {
        let server = try LoopbackHTTPServer { _ in
            .respond(
                status: 201, headers: [("Content-Type", "application/json; charset=utf-8"), ("X-Trace", "t1")],
                body: Data(#"{"ok":true}"#.utf8))
        }
        defer { server.stop() }
        let client = SwedbankPaySDK.URLSessionHTTPClient()
        var headers = SwedbankPaySDK.HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "x-payex-sample-apikey", value: "key")
        let url = server.baseURL.appendingPathComponent("paymentorders")
        let response = try await client.send(
            SwedbankPaySDK.HTTPRequest(method: "POST", url: url, headers: headers, body: Data(#"{"a":1}"#.utf8)))

        #expect(response.status == 201)
        #expect(response.headers.mediaType == "application/json")
        #expect(response.headers["x-trace"] == "t1")
        #expect(response.body == Data(#"{"ok":true}"#.utf8))
        #expect(response.url == url)
        let received = try #require(server.requests.first)
        #expect(received.requestLine == "POST /paymentorders HTTP/1.1")
        #expect(received.header("x-payex-sample-apikey") == "key")
        #expect(received.header("Content-Type") == "application/json")
        #expect(received.body == Data(#"{"a":1}"#.utf8))
    }

    @Test func errorStatusesAreResponsesNotErrors() async throws {
        let server = try LoopbackHTTPServer { _ in
            .respond(status: 404, headers: [("Content-Type", "application/problem+json")], body: Data("{}".utf8))
        }
        defer { server.stop() }
        let response = try await SwedbankPaySDK.URLSessionHTTPClient().send(
            SwedbankPaySDK.HTTPRequest(method: "GET", url: server.baseURL))
        #expect(response.status == 404)
        #expect(response.headers.mediaType == "application/problem+json")
    }

    @Test func aSilentServerTimesOut() async throws {
        let server = try LoopbackHTTPServer { _ in .silence }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("slow")
        let start = Date()
        await #expect(throws: SwedbankPaySDK.TransportError.timedOut(url)) {
            _ = try await SwedbankPaySDK.URLSessionHTTPClient().send(
                SwedbankPaySDK.HTTPRequest(method: "GET", url: url, timeout: 0.3))
        }
        // Not before the deadline (Foundation on Linux gives up at once for sub-second timeouts).
        #expect(Date().timeIntervalSince(start) >= 0.3)
    }

    @Test func aRefusedConnectionIsAConnectionFailure() async throws {
        let server = try LoopbackHTTPServer { _ in .hangUp }
        let url = server.baseURL
        server.stop()  // nothing listens on the port any more
        do {
            _ = try await SwedbankPaySDK.URLSessionHTTPClient().send(
                SwedbankPaySDK.HTTPRequest(method: "GET", url: url))
            Issue.record("expected a transport error")
        } catch {
            guard case .connectionFailed(let failedURL, _) = error else {
                Issue.record("expected connectionFailed, got \(error)")
                return
            }
            #expect(failedURL == url)
        }
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let server = try LoopbackHTTPServer { _ in .silence }
        defer { server.stop() }
        let url = server.baseURL
        let task = Task {
            try await SwedbankPaySDK.URLSessionHTTPClient().send(SwedbankPaySDK.HTTPRequest(method: "GET", url: url))
        }
        #expect(await server.arrivals.wait())
        task.cancel()
        await #expect(throws: SwedbankPaySDK.TransportError.cancelled(url)) { _ = try await task.value }
    }
}
