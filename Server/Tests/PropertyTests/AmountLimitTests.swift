import Foundation
import SwedbankPaySDK
import Testing

@testable import MerchantBackend
@testable import PaymentSandbox

/// The inputs that took a server down or past its contract before the amounts were bounded, each
/// with its exact answer now. Each trapped (an `Int64` overflow) or was accepted before its fix.
@Suite struct AmountLimitTests {
    /// 10¹⁰ minor units with 10⁹ of VAT: within the contract, but the product of the two is not an
    /// `Int64`.
    static let bigAmount: Int64 = 10_000_000_000
    static let bigVAT: Int64 = 1_000_000_000

    static func storedOrder(amount: Int64, vatAmount: Int64) -> StoredOrder {
        StoredOrder(
            id: "order", payeeReference: "ref", userID: "user", idempotencyKey: nil, requestHash: "hash",
            operation: "Purchase", currency: "SEK", amount: amount, vatAmount: vatAmount, payerReference: nil,
            creation: .created, status: "Paid", pspID: "/psp/paymentorders/x", responseStatus: 201, responseBody: nil,
            createdAt: 0, updatedAt: 0)
    }

    /// A card payment of `amount` with `vatAmount` of VAT, paid (authorized), in the sandbox.
    static func paidRecord(amount: Int64, vatAmount: Int64, sale: Bool = false) -> PaymentOrderRecord {
        let order = SwedbankPaySDK.PaymentOrder(
            isV3: true, currency: "SEK", amount: amount, vatAmount: vatAmount, description: "Boundary",
            urls: SwedbankPaySDK.PaymentOrderUrls(
                hostUrls: [URL(string: "https://example.com")!], completeUrl: URL(string: "https://example.com/c")!),
            payeeInfo: SwedbankPaySDK.PayeeInfo(payeeId: "payee", payeeReference: "R1"))
        var record = PaymentOrderRecord(
            id: "4f0f8c1e-0000-4000-8000-000000000001", created: Date(timeIntervalSince1970: 0),
            updated: Date(timeIntervalSince1970: 0), isV3: true, order: order, requestMembers: [:], viewToken: "v",
            sessionToken: "s", nextAttemptNumber: 2)
        record.status = .paid
        record.paid = PaidInfo(
            instrument: sale ? .swish : .creditCard, number: 1, transactionType: sale ? .sale : .authorization,
            amount: amount, details: [:], tokens: [])
        return record
    }

    // The admin API captured such an order by multiplying the two (`AdminTransactionRequest`):
    // the backend process trapped.
    @Test func theAdminAPICapturesABigOrderWithItsVATShare() throws {
        let request = try AdminTransactionRequest.parse([:], kind: .capture)
        let amounts = try request.amounts(
            for: .capture, order: Self.storedOrder(amount: Self.bigAmount, vatAmount: Self.bigVAT),
            paymentOrder: ["remainingCaptureAmount": .integer(Self.bigAmount)])
        #expect(amounts?.amount == Self.bigAmount)
        #expect(amounts?.vatAmount == Self.bigVAT)
        let half = try request.amounts(
            for: .capture, order: Self.storedOrder(amount: Self.bigAmount, vatAmount: Self.bigVAT),
            paymentOrder: ["remainingCaptureAmount": .integer(Self.bigAmount / 2)])
        #expect(half?.vatAmount == Self.bigVAT / 2)
    }

    // The sandbox's cancellation did the same (`PaymentOrderPostPurchase`): the sandbox process
    // (in `serve` the backend's too) trapped.
    @Test func theSandboxCancelsABigOrderWithItsVATShare() throws {
        var record = Self.paidRecord(amount: Self.bigAmount, vatAmount: Self.bigVAT)
        let cancellation = try record.apply(
            .init(kind: .cancellation, description: "Cancel", amount: nil, vatAmount: nil, payeeReference: "C1"),
            guid: "g", now: Date(timeIntervalSince1970: 1))
        #expect(cancellation.amount == Self.bigAmount)
        #expect(cancellation.vatAmount == Self.bigVAT)
        #expect(record.status == .cancelled)
    }

    // The capture's lines were added up unchecked: two lines of 2^63 − 1 and 1 trapped.
    @Test func aCapturesLinesThatAddUpPastInt64AreRefused() throws {
        func line(_ amount: Int64) -> SwedbankPaySDK.JSONValue {
            .object([
                "reference": .string("P1"), "name": .string("Product"), "type": .string("PRODUCT"),
                "class": .string("Goods"), "quantity": .integer(1), "quantityUnit": .string("pcs"),
                "unitPrice": .integer(amount), "vatPercent": .integer(0), "amount": .integer(amount),
                "vatAmount": .integer(0),
            ])
        }
        let body: SwedbankPaySDK.JSONObject = [
            "transaction": .object([
                "description": .string("Capture"), "amount": .integer(1), "vatAmount": .integer(0),
                "payeeReference": .string("C1"), "orderItems": .array([line(Int64.max), line(1)]),
            ])
        ]
        #expect(throws: SandboxProblem.self) { try PostPurchaseBody.parse(body, kind: .capture) }
        do {
            _ = try PostPurchaseBody.parse(body, kind: .capture)
        } catch let problem as SandboxProblem {
            #expect(
                problem.problems.map(\.name) == [
                    "transaction.orderItems[0].unitPrice", "transaction.orderItems[0].amount",
                ])
        }
    }

    // The contract's largest amount is 2^53 − 1; the backend accepted 2^53 (a deep contract run
    // found it) and any `Int64`.
    @Test func theBackendRefusesAnAmountPastTheContractsLargest() throws {
        for (amount, accepted) in [(Int64(9_007_199_254_740_991), true), (9_007_199_254_740_992, false), (.max, false)]
        {
            var problems = FieldProblems()
            let order = SwedbankPaySDK.PaymentOrder(
                currency: "SEK", amount: amount, vatAmount: 0, description: "Boundary",
                urls: SwedbankPaySDK.PaymentOrderUrls(
                    hostUrls: [URL(string: "https://example.com")!], completeUrl: URL(string: "https://example.com/c")!)
            )
            PaymentOrderPreparation.check(order, into: &problems)
            #expect(problems.list.map(\.name) == (accepted ? [] : ["paymentorder.amount"]), "\(amount)")
        }
    }

    // The contract allowed any `abortReason` and the relay passed any string on, which Swedbank
    // Pay refuses but for its two reasons: the relay now takes those two, as the contract says.
    @Test func theRelayTakesTheTwoAbortReasonsSwedbankPayKnows() {
        for (reason, accepted) in [
            ("CancelledByConsumer", true), ("CancelledByCustomer", true), ("AbortedByUser", false),
        ] {
            var problems = FieldProblems()
            let patch = RelayedPatch.parse(
                ["operation": .string("Abort"), "abortReason": .string(reason)], into: &problems)
            #expect((patch == .abort(reason: reason)) == accepted, "\(reason)")
            #expect(problems.list.map(\.name) == (accepted ? [] : ["paymentorder.abortReason"]), "\(reason)")
        }
    }
}
