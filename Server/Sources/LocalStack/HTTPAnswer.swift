import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One whole answer to a request: what the cluster drill's apps see, and what the server
/// package's tests read.
public struct HTTPAnswer: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: String

    public init(status: Int, headers: HTTPHeaders, body: String) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body as a JSON object; empty when it is not one.
    public var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }

    public var contentType: String? { headers.first(name: "Content-Type") }
}

extension HTTPClient {
    /// Sends one request (`json` as its body, with its content type) and reads the whole answer,
    /// at most `limit` bytes of body: the one plain HTTP call of the drill and the tests.
    public func answer(
        _ method: HTTPMethod, _ url: String, json: String? = nil, headers: [String: String] = [:],
        timeout: TimeAmount = .seconds(20), limit: Int = 4 << 20
    ) async throws -> HTTPAnswer {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: json))
        }
        let response = try await execute(request, timeout: timeout)
        let body = try await response.body.collect(upTo: limit)
        return HTTPAnswer(status: Int(response.status.code), headers: response.headers, body: String(buffer: body))
    }
}
