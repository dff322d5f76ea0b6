import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One answer as the drill's apps see it.
public struct DrillAnswer: Sendable {
    public let status: Int
    public let headers: HTTPHeaders
    public let body: String

    /// The body as a JSON object; empty when it is not one.
    public var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }
}

/// Sends one request with the shared client and reads the whole answer (at most 4 MB).
func drillRequest(
    _ method: HTTPMethod, _ url: String, json: String? = nil, headers: [String: String] = [:],
    timeout: TimeAmount = .seconds(20)
) async throws -> DrillAnswer {
    var request = HTTPClientRequest(url: url)
    request.method = method
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    if let json {
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: json))
    }
    let response = try await HTTPClient.shared.execute(request, timeout: timeout)
    let body = try await response.body.collect(upTo: 4 << 20)
    return DrillAnswer(status: Int(response.status.code), headers: response.headers, body: String(buffer: body))
}
