import Foundation
import Hummingbird
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Orders, payments and HTTP helpers shared by the hosted view tests.
enum HostedViewFixtures {
    /// 2025-05-13, a fixed wall time for card expiry.
    static let date = Date(timeIntervalSince1970: 1_747_130_000)

    /// A v3 order (the `paymentorder` member) with paymentUrl and terms of service, changed by
    /// `change`. Payer-aware (`payer1`) unless changed.
    static func order(v3: Bool = true, _ change: (inout SwedbankPaySDK.JSONObject) -> Void = { _ in })
        -> SwedbankPaySDK.JSONObject
    {
        PaymentOrdersFixture.order(v3: v3) { order in
            var urls = order["urls"]?.objectValue ?? [:]
            urls["paymentUrl"] = .string("https://shop.example/pay?order=1")
            urls["termsOfServiceUrl"] = .string("https://shop.example/terms")
            order["urls"] = .object(urls)
            change(&order)
        }
    }

    /// The record the sandbox makes of `order`.
    static func record(_ order: SwedbankPaySDK.JSONObject = order()) throws -> PaymentOrderRecord {
        try PaymentOrderFactory.makeRecord(
            body: ["paymentorder": .object(order)], facts: .init(), configuration: SandboxConfiguration(),
            ids: IDGenerator(seed: 5), now: date)
    }

    /// A payment of `record` at sandbox time `now`.
    static func payment(
        _ record: PaymentOrderRecord, state: HostedViewState = HostedViewState(), now: TimeInterval = 1_000,
        swishDelay: TimeInterval? = 3, storedTokens: [PayerTokenRecord] = []
    ) -> HostedViewPayment {
        HostedViewPayment(
            order: record, state: state,
            context: HostedViewContext(
                date: date, now: now, ids: IDGenerator(seed: 11), storedTokens: storedTokens,
                swishApprovalDelay: swishDelay))
    }

    /// The menu of a payment, as the attempts route builds it.
    static func menu(_ payment: HostedViewPayment) -> PaymentMenuModel {
        PaymentMenuModel(order: payment.order, storedTokens: payment.context.storedTokens, state: payment.state)
    }

    static func card(_ number: String, expiry: String = "12/30", cvc: String = "123", consent: Bool = false)
        -> HostedViewAttemptRequest
    {
        HostedViewAttemptRequest(
            instrument: "CreditCard", card: .typed(number: number, expiry: expiry, cvc: cvc), msisdn: nil,
            consent: consent)
    }

    static func instrument(_ name: String, msisdn: String? = nil) -> HostedViewAttemptRequest {
        HostedViewAttemptRequest(instrument: name, card: nil, msisdn: msisdn, consent: false)
    }

    // MARK: HTTP

    /// Creates an order through the API; returns its guid and view token.
    static func create(_ client: SandboxClient, _ order: SwedbankPaySDK.JSONObject = order()) async throws
        -> (id: String, viewToken: String)
    {
        let (reply, id) = try await PaymentOrdersFixture.create(client, order)
        let operations = try #require(try reply.object["operations"]?.arrayValue)
        let href = try #require(
            operations.compactMap(\.objectValue).first {
                ["view-checkout", "view-paymentorder"].contains($0["rel"]?.stringValue)
            }?["href"]?.stringValue)
        let token = try #require(href.firstMatch(of: /[0-9a-f]{64}/)).output
        return (id, String(token))
    }

    /// The order as the merchant reads it.
    static func read(_ client: SandboxClient, _ id: String) async throws -> SwedbankPaySDK.JSONObject {
        let reply = try await client.send(.get, "/psp/paymentorders/\(id)")
        return try #require(try reply.object["paymentOrder"]?.objectValue)
    }

    /// A browser's JSON call to an open route.
    static func post(_ client: SandboxClient, _ path: String, _ body: String = "{}") async throws
        -> SandboxClient.Reply
    {
        try await client.send(.post, path, json: body, token: nil)
    }

    /// A browser's form post.
    static func form(_ client: SandboxClient, _ path: String, _ fields: [(String, String)]) async throws
        -> SandboxClient.Reply
    {
        try await client.send(
            .post, path, json: FormBody.encode(fields), token: nil,
            headers: [.contentType: "application/x-www-form-urlencoded"])
    }

    /// The value of `name="field" value="..."` in a page.
    static func hiddenValue(_ name: String, in page: String) throws -> String {
        let match = try #require(page.firstMatch(of: try Regex(#"name="\#(name)" value="([^"]*)""#)))
        return String(try #require(match.output[1].substring))
    }

    /// The boot JSON embedded in a script or page after `var <name> = `.
    static func boot(_ name: String, in text: String) throws -> SwedbankPaySDK.JSONObject {
        let start = try #require(text.range(of: "var \(name) = "))
        let rest = text[start.upperBound...]
        let end = try #require(rest.range(of: ";\n"))
        return try #require(try json(String(rest[..<end.lowerBound])).objectValue)
    }
}
