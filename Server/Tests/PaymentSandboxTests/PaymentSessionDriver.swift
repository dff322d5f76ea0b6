import Foundation
import Hummingbird
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Talks to the session API the way the SDK does: follows the hrefs and methods of the latest
/// model, sends the SDK's headers and bodies, and counts session-API round trips (reference §7:
/// beacons, ACS pages and the Swish app are not counted).
struct PaymentSessionDriver {
    let client: SandboxClient
    private(set) var roundTrips = 0
    /// The latest 200 model.
    private(set) var model: SwedbankPaySDK.JSONObject = [:]

    init(_ client: SandboxClient) {
        self.client = client
    }

    /// `GET <session URL>`: the initial fetch.
    @discardableResult
    mutating func fetch(_ sessionPath: String) async throws -> SandboxClient.Reply {
        try await send(.get, sessionPath, body: nil)
    }

    /// Requests the operation `rel` of the current model (on `paymentMethod` when given).
    @discardableResult
    mutating func call(_ rel: String, on paymentMethod: String? = nil, body: String? = nil) async throws
        -> SandboxClient.Reply
    {
        let operation = try self.operation(rel, on: paymentMethod)
        let method: HTTPRequest.Method = operation["method"]?.stringValue == "GET" ? .get : .post
        return try await send(method, try Self.path(operation), body: body)
    }

    /// Requests an href directly (acknowledge-failed-attempt is in the problem node).
    mutating func post(_ href: String, body: String? = nil) async throws -> SandboxClient.Reply {
        try await send(.post, try Self.path(href), body: body)
    }

    /// The operation `rel`: top level, or in the method's operations.
    func operation(_ rel: String, on paymentMethod: String? = nil) throws -> SwedbankPaySDK.JSONObject {
        let operations: [SwedbankPaySDK.JSONValue]
        if let paymentMethod {
            let methods = model["paymentSession"]?.objectValue?["methods"]?.arrayValue ?? []
            let method = try #require(methods.first { $0.objectValue?["paymentMethod"]?.stringValue == paymentMethod })
            operations = method.objectValue?["operations"]?.arrayValue ?? []
        } else {
            operations = model["operations"]?.arrayValue ?? []
        }
        let found = operations.compactMap(\.objectValue).first { $0["rel"]?.stringValue == rel }
        return try #require(found, "no \(rel) operation in \(model)")
    }

    /// The `expects` value `name` of an operation or task.
    static func expectation(_ name: String, in object: SwedbankPaySDK.JSONObject) throws -> String {
        let expects = object["expects"]?.arrayValue?.compactMap(\.objectValue) ?? []
        let value = expects.first { $0["name"]?.stringValue == name }?["value"]?.stringValue
        return try #require(value)
    }

    /// The first task of an operation.
    static func task(of operation: SwedbankPaySDK.JSONObject) throws -> SwedbankPaySDK.JSONObject {
        try #require(operation["tasks"]?.arrayValue?.first?.objectValue)
    }

    static func path(_ operation: SwedbankPaySDK.JSONObject) throws -> String {
        try path(try #require(operation["href"]?.stringValue))
    }

    static func path(_ href: String) throws -> String {
        #expect(href.hasPrefix(PaymentSessionFixtures.base))
        return String(href.dropFirst(PaymentSessionFixtures.base.count))
    }

    private mutating func send(_ method: HTTPRequest.Method, _ path: String, body: String?) async throws
        -> SandboxClient.Reply
    {
        roundTrips += 1
        // The SDK sends both headers on every request, bodiless GETs included, and no token.
        let reply = try await client.send(
            method, path, json: body, token: nil,
            headers: [.accept: "application/json", .contentType: "application/json"])
        if reply.status == 200, let object = try? reply.object { model = object }
        return reply
    }
}
