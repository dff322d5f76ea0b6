import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// What `bench backend` drives: a Merchant Backend (started in the process or any running one) and,
/// when known, the Swedbank Pay sandbox it calls — for the sandbox-alone figure and for the latency
/// phases, which slow the sandbox down through its control API.
struct BenchTarget: Sendable {
    let backendURL: String
    let apiKey: String
    /// The sandbox the backend calls, or nil when the bench cannot reach it.
    let sandboxURL: String?
    let merchantToken: String
    /// The app user of every request.
    static let user = "bench-user"

    /// A request to the backend as an app sends it (`merchant: false`), or to the sandbox as a
    /// merchant's server does; sent to ``origin(merchant:)``.
    func request(_ method: HTTPMethod, _ path: String, body: String?, merchant: Bool) -> BenchRequest {
        var headers = HTTPHeaders()
        if merchant {
            headers.add(name: "Authorization", value: "Bearer \(merchantToken)")
        } else {
            headers.add(name: "x-payex-sample-apikey", value: apiKey)
            headers.add(name: "x-payex-sample-access-token", value: Self.user)
        }
        return BenchRequest(method, path, headers: headers, body: body)
    }

    /// `POST /paymentorders` of the sample order, as an app sends it; the backend makes the
    /// payee reference.
    var orderCreation: BenchRequest {
        request(.POST, "/paymentorders", body: SampleOrder.json(payeeReference: ""), merchant: false)
    }

    /// Where ``request(_:_:body:merchant:)`` sends: the sandbox for a merchant's request, the
    /// backend for an app's.
    func origin(merchant: Bool) -> String {
        merchant ? sandboxURL ?? "" : backendURL
    }

    /// Makes the sandbox answer order creation after `seconds` (a `delay` fault rule through its
    /// control API); returns the rule's id.
    func delayOrderCreation(by seconds: Double, client: HTTPClient) async throws -> String {
        let sandboxURL = try requireSandbox()
        var request = HTTPClientRequest(url: sandboxURL + "/sandbox/faults")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(
            ByteBuffer(
                string:
                    #"{"method": "POST", "path": "/psp/paymentorders", "kind": "delay", "delaySeconds": \#(seconds)}"#))
        let response = try await client.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 65_536)
        guard response.status == .created,
            let object = try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any],
            let id = object["id"] as? String
        else {
            throw BenchError("the sandbox refused the delay fault: \(response.status) \(String(buffer: body))")
        }
        return id
    }

    /// Empties the sandbox's stores (orders, tokens, consumers), as `POST /sandbox/reset` does;
    /// its configuration and fault rules stay.
    func resetSandbox(client: HTTPClient) async throws {
        var request = HTTPClientRequest(url: try requireSandbox() + "/sandbox/reset")
        request.method = .POST
        request.headers.add(name: "X-Sandbox-Control", value: "1")
        let response = try await client.execute(request, timeout: .seconds(10))
        guard (200..<300).contains(Int(response.status.code)) else {
            throw BenchError("the sandbox refused the reset: \(response.status)")
        }
    }

    /// Removes the fault rule `id` from the sandbox.
    func removeFault(_ id: String, client: HTTPClient) async throws {
        var request = HTTPClientRequest(url: try requireSandbox() + "/sandbox/faults/" + id)
        request.method = .DELETE
        request.headers.add(name: "X-Sandbox-Control", value: "1")
        _ = try await client.execute(request, timeout: .seconds(10))
    }

    private func requireSandbox() throws -> String {
        guard let sandboxURL else { throw BenchError("this phase needs the sandbox's URL (--sandbox-url)") }
        return sandboxURL
    }
}

/// A benchmark that cannot go on, with why.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
