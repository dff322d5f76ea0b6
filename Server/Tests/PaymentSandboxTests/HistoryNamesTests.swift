import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// The order's history uses exactly the portal's history names, when the portal says they happen
/// (checkout-v3 resource models, "History Event Name"): `PaymentInstrumentSelected` each time the
/// payer expands an instrument, `PaymentCaptured` when the full authorization amount has been
/// captured (also by the capture that completes earlier partial ones), and no entry for an aborted
/// order (the portal names none). The app's menu (`expand-method` is the payer expanding the card)
/// is held by ``PaymentSessionCardFlowTests/aFrictionlessSavedCard()``.
@Suite struct HistoryNamesTests {
    typealias Fixture = PaymentOrdersFixture

    static func names(_ client: SandboxClient, _ path: String) async throws -> [String] {
        let history = try await client.send(.get, path + "/history")
        return try #require(try history.object["history"]?.objectValue?["historyList"]?.arrayValue)
            .compactMap { $0.objectValue?["name"]?.stringValue }
    }

    @Test func aCaptureThatCompletesTheAmountAfterAPartialOneIsPaymentCaptured() async throws {
        try await SandboxHarness().run { client in
            let path = try await PostPurchaseTests.paidOrder(client)
            for (amount, vat, reference) in [(Int64(500), Int64(125), "CAP1"), (1000, 250, "CAP2")] {
                let capture = try await client.send(
                    .post, path + "/captures",
                    json: PostPurchaseTests.transaction(amount: amount, vat: vat, reference: reference))
                #expect(capture.status == 200, "\(capture.text)")
            }
            #expect(
                try await Self.names(client, path) == [
                    "PaymentCreated", "PaymentLoaded", "PaymentAttemptStarted", "PaymentPaid",
                    "PaymentPartiallyCaptured", "PaymentCaptured",
                ])
        }
    }

    @Test func aMerchantAbortAddsNoHistoryEntry() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let reply = try await PaymentOrdersUpdateTests.patch(
                client, id, #"{"operation": "Abort", "abortReason": "CancelledByCustomer"}"#)
            #expect(reply.status == 200)
            #expect(try await Self.names(client, "/psp/paymentorders/\(id)") == ["PaymentCreated"])
        }
    }

    /// The hosted menu's instrument buttons report to `…/instrument`; an instrument the order does
    /// not offer, or a closed order, is refused and writes nothing.
    @Test func theMenuReportsEachExpandedInstrument() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            let (_, id) = try await Fixture.create(client)
            let record = try #require(await harness.sandbox.services.store.order(id: id))
            let frame = "/checkout/frame/\(record.viewToken)"
            let selected = try await client.send(
                .post, frame + "/instrument", json: #"{"instrument": "Swish"}"#, token: nil)
            #expect(selected.status == 204)
            let unknown = try await client.send(
                .post, frame + "/instrument", json: #"{"instrument": "Cash"}"#, token: nil)
            #expect(unknown.status == 400)
            #expect(
                try unknown.object["problems"]
                    == json(#"[{"name": "instrument", "description": "The field must name an instrument."}]"#))
            let aborted = try await PaymentOrdersUpdateTests.patch(client, id, #"{"operation": "Abort"}"#)
            #expect(aborted.status == 200)
            let late = try await client.send(
                .post, frame + "/instrument", json: #"{"instrument": "Swish"}"#, token: nil)
            #expect(late.status == 409)
            #expect(
                try await Self.names(client, "/psp/paymentorders/\(id)") == [
                    "PaymentCreated", "PaymentInstrumentSelected",
                ])
        }
    }
}
