import Foundation
import Hummingbird
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Sessions of orders created through the merchant API: the `view-paymentsession` href works as the
/// session URL, the merchant sees the payment, and a paid card becomes the payer's saved card.
@Suite struct PaymentSessionOrderAPITests {
    /// Creates an order with the merchant API; returns its id and session path.
    static func create(_ client: SandboxClient, reference: String, generatePaymentToken: Bool) async throws
        -> (id: String, sessionPath: String)
    {
        let order = PaymentOrdersFixture.order {
            $0["generatePaymentToken"] = .bool(generatePaymentToken)
            $0["payeeInfo"] = .object([
                "payeeId": .string(PaymentOrdersFixture.payeeId), "payeeReference": .string(reference),
            ])
        }
        let (reply, id) = try await PaymentOrdersFixture.create(client, order)
        let operations = try reply.object["operations"]?.arrayValue?.compactMap(\.objectValue) ?? []
        let session = try #require(operations.first { $0["rel"]?.stringValue == "view-paymentsession" })
        let href = try #require(session["href"]?.stringValue)
        return (id, try PaymentSessionDriver.path(href))
    }

    @Test func aCardPaidInTheSessionIsOfferedNextTime() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            let first = try await Self.create(client, reference: "S1", generatePaymentToken: true)
            var driver = PaymentSessionDriver(client)
            #expect(try await driver.fetch(first.sessionPath).status == 200)
            try await driver.call("prepare-payment", body: SDKBodies.prepare)
            try await driver.call("expand-method", on: "CreditCard", body: SDKBodies.expand("CreditCard"))
            try await driver.call(
                "start-payment-attempt", on: "CreditCard", body: SDKBodies.card(PaymentSessionFixtures.visaToken))
            #expect(try driver.operation("redirect-payer")["href"] == .string("https://shop.example/complete"))

            // The merchant sees it paid, with the payment token it asked for.
            let order = try await client.send(.get, "/psp/paymentorders/\(first.id)?$expand=paid").object
            let paymentOrder = try #require(order["paymentOrder"]?.objectValue)
            #expect(paymentOrder["status"] == .string("Paid"))
            let tokens = await harness.sandbox.services.store.tokens(payerReference: "payer1")
            #expect(tokens.map(\.instrumentDisplayName) == ["492500******0004"])
            try #require(tokens.count == 1)

            // The next order of the payer offers that card first.
            let second = try await Self.create(client, reference: "S2", generatePaymentToken: false)
            var next = PaymentSessionDriver(client)
            try await next.fetch(second.sessionPath)
            try await next.call("prepare-payment", body: SDKBodies.prepare)
            let methods = next.model["paymentSession"]?.objectValue?["methods"]?.arrayValue ?? []
            let card = try #require(methods.first { $0.objectValue?["paymentMethod"] == .string("CreditCard") })
            let prefill = try #require(card.objectValue?["prefills"]?.arrayValue?.first?.objectValue)
            #expect(prefill["paymentToken"] == .string(tokens[0].token))
            #expect(prefill["maskedPan"] == .string("492500******0004"))
            #expect(prefill["expiryDate"] == .string("2035-12-31T00:00:00Z"))
            try await next.call("expand-method", on: "CreditCard", body: SDKBodies.expand("CreditCard"))
            try await next.call("start-payment-attempt", on: "CreditCard", body: SDKBodies.card(tokens[0].token))
            #expect(try next.operation("redirect-payer")["href"] == .string("https://shop.example/complete"))
        }
    }
}
