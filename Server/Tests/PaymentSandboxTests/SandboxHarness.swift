import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

@testable import PaymentSandbox

/// Runs a test against a sandbox served in-process (no sockets), with a deterministic id sequence,
/// a manual clock and the merchant token `test-token`.
struct SandboxHarness {
    static let token = "test-token"

    let sandbox: PaymentSandbox
    let clock: ManualClock

    init(configure: (inout SandboxConfiguration) -> Void = { _ in }) {
        var configuration = SandboxConfiguration(
            merchantTokens: [Self.token], seed: 42, publicBaseURL: URL(string: "http://sandbox.test"),
            swishOtherDeviceApprovalDelay: nil)
        configure(&configuration)
        clock = ManualClock(now: 1_000)
        sandbox = PaymentSandbox(configuration: configuration, clock: clock)
    }

    /// Runs `body` with a client of the in-process router, or with `live` a client of a real
    /// server on a loopback port (header names then travel in the letter case the test gives).
    func run(live: Bool = false, _ body: @escaping @Sendable (SandboxClient) async throws -> Void) async throws {
        let app = Application(router: sandbox.router())
        try await app.test(live ? .live : .router) { client in
            try await body(SandboxClient(client: client))
        }
    }
}

/// A test client speaking JSON to the sandbox.
struct SandboxClient: Sendable {
    let client: any TestClientProtocol

    /// The header a control request without a JSON body sends (`X-Sandbox-Control: 1`), as every
    /// program calling the control API must.
    static let control: HTTPFields = [HTTPField.Name("X-Sandbox-Control")!: "1"]

    struct Reply: Sendable {
        let status: Int
        let headers: HTTPFields
        let body: Data

        /// The body; a problem's `instance` (random for each problem) is left out, so documents
        /// compare exactly — ``rawJSON`` has it, and `ProblemInstanceTests` checks it.
        var json: SwedbankPaySDK.JSONValue {
            get throws {
                let value = try rawJSON
                guard contentType == "application/problem+json", case .object(var object) = value else { return value }
                object["instance"] = nil
                return .object(object)
            }
        }

        /// The body exactly as sent.
        var rawJSON: SwedbankPaySDK.JSONValue {
            get throws { try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: body) }
        }
        var object: SwedbankPaySDK.JSONObject {
            get throws { try #require(try json.objectValue) }
        }
        var contentType: String? { headers[.contentType] }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends a request; `json` is sent as the body with `Content-Type: application/json`.
    func send(
        _ method: HTTPRequest.Method, _ path: String, json: String? = nil, token: String? = SandboxHarness.token,
        headers: HTTPFields = [:]
    ) async throws -> Reply {
        var fields = headers
        if let token { fields[.authorization] = "Bearer \(token)" }
        if json != nil, fields[.contentType] == nil { fields[.contentType] = "application/json" }
        let response = try await client.execute(
            uri: path, method: method, headers: fields, body: json.map { ByteBuffer(string: $0) })
        return Reply(status: Int(response.status.code), headers: response.headers, body: Data(buffer: response.body))
    }
}

/// Parses JSON text for comparisons.
func json(_ text: String) throws -> SwedbankPaySDK.JSONValue {
    try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: Data(text.utf8))
}
