import Foundation
import Testing

@testable import MerchantBackend

/// The admin API's decision core, every case a row: what a capture, cancellation or reversal does
/// next, given its stored state and age, and what Swedbank Pay said.
@Suite struct TransactionDecisionTests {
    /// A 15 s window (a 10 s timeout plus the 5 s recording margin); the rows are read at `now`.
    static let window = AbandonmentWindow(milliseconds: 15_000)
    static let now: Int64 = 1_000_000

    typealias Event = TransactionDecision.Event

    @Test(arguments: [
        // A repeated key: a verdict is replayed, no verdict is looked up, one in flight waits.
        (Event.repeated(.done, updatedAt: 940_000, now: 1_000_000), TransactionDecision.Action.replay),
        (.repeated(.rejected, updatedAt: 1_000_000, now: 1_000_000), .replay),
        (.repeated(.unknown, updatedAt: 1_000_000, now: 1_000_000), .takeOverAndLookUp),
        (.repeated(.failed, updatedAt: 1_000_000, now: 1_000_000), .takeOverAndLookUp),
        (.repeated(.pending, updatedAt: 1_000_000, now: 1_000_000), .stillInFlight),
        (.repeated(.pending, updatedAt: 985_000, now: 1_000_000), .stillInFlight),
        // Older than the window: its process died; taken over and looked up, never "in flight" for ever.
        (.repeated(.pending, updatedAt: 984_999, now: 1_000_000), .takeOverAndLookUp),
        // The lookup: found is done whatever came before; not found is sent, unless Swedbank Pay
        // refused it with 409, which is then a verdict; unreadable stays as unknown as it was.
        (.lookedUp(found: true, mayHaveBeenSent: true, afterConflict: false), .record(.done)),
        (.lookedUp(found: true, mayHaveBeenSent: false, afterConflict: false), .record(.done)),
        (.lookedUp(found: true, mayHaveBeenSent: true, afterConflict: true), .record(.done)),
        (.lookedUp(found: false, mayHaveBeenSent: true, afterConflict: false), .send),
        (.lookedUp(found: false, mayHaveBeenSent: false, afterConflict: false), .send),
        (.lookedUp(found: false, mayHaveBeenSent: true, afterConflict: true), .record(.rejected)),
        (.lookedUp(found: nil, mayHaveBeenSent: true, afterConflict: false), .record(.unknown)),
        (.lookedUp(found: nil, mayHaveBeenSent: true, afterConflict: true), .record(.unknown)),
        (.lookedUp(found: nil, mayHaveBeenSent: false, afterConflict: false), .record(.failed)),
        // Not sent: a missing operation is a verdict, an unreadable order is not.
        (.notSent(verdict: true), .record(.rejected)),
        (.notSent(verdict: false), .record(.failed)),
        // Swedbank Pay's answer to the movement.
        (.answered(.accepted), .record(.done)),
        (.answered(.refused), .record(.rejected)),
        (.answered(.conflict), .lookUp),
        (.answered(.lost), .record(.unknown)),
    ])
    func decides(event: Event, action: TransactionDecision.Action) {
        #expect(TransactionDecision.decide(event, window: Self.window) == action)
    }

    @Test(arguments: [
        // Swedbank Pay's own 4xx: a verdict; its 409 may mean "made already".
        (400, true, TransactionDecision.Answer.refused), (403, true, .refused), (404, true, .refused),
        (409, true, .conflict), (422, true, .refused),
        // Any 5xx, and the backend's own gateway problems whatever their status: no verdict.
        (500, true, .lost), (503, true, .lost), (502, false, .lost), (504, false, .lost), (409, false, .lost),
    ])
    func readsTheAnswer(status: Int, isSwedbankPays: Bool, answer: TransactionDecision.Answer) {
        #expect(TransactionDecision.answer(status: status, isSwedbankPays: isSwedbankPays) == answer)
    }

    @Test func whatWasTakenOverMayHaveBeenSentUnlessItFailedBeforeSending() {
        #expect(
            StoredTransaction.State.allCases.filter(TransactionDecision.mayHaveBeenSent) == [
                .pending, .done, .rejected, .unknown,
            ])
    }

    static func transaction(_ id: String, _ state: StoredTransaction.State, updatedAt: Int64) -> StoredTransaction {
        StoredTransaction(
            id: id, orderID: "order", kind: .capture, idempotencyKey: id, requestHash: "h", payeeReference: id,
            amount: 1, vatAmount: 0, description: "Capture", state: state, pspTransactionID: nil, pspNumber: nil,
            responseStatus: nil, responseBody: nil, createdAt: updatedAt, updatedAt: updatedAt)
    }

    /// A new key waits while another transaction of the order has no verdict: unknown or pending
    /// past the window (unresolved, first), pending within it (in flight). Verdicts and `failed`
    /// (never sent) do not stop it.
    @Test func aNewKeyWaitsForEveryTransactionWithoutAVerdict() {
        let now = Self.now
        let free = [
            Self.transaction("done", .done, updatedAt: now), Self.transaction("rejected", .rejected, updatedAt: now),
            Self.transaction("failed", .failed, updatedAt: now - 60_000),
        ]
        #expect(TransactionDecision.blocker(among: free, now: now, window: Self.window) == nil)
        let inFlight = Self.transaction("in-flight", .pending, updatedAt: now - 15_000)
        #expect(
            TransactionDecision.blocker(among: free + [inFlight], now: now, window: Self.window) == .inFlight(inFlight))
        let unknown = Self.transaction("unknown", .unknown, updatedAt: now - 1)
        #expect(
            TransactionDecision.blocker(among: free + [inFlight, unknown], now: now, window: Self.window)
                == .unresolved(unknown))
        let abandoned = Self.transaction("abandoned", .pending, updatedAt: now - 15_001)
        #expect(
            TransactionDecision.blocker(among: [inFlight, abandoned] + free, now: now, window: Self.window)
                == .unresolved(abandoned))
    }

    @Test func theWindowIsTheTimeoutPlusTheRecordingMargin() {
        let configuration = BackendConfiguration(
            swedbankPayBaseURL: URL(string: "http://127.0.0.1:1")!, merchantToken: Secret("token"), payeeId: "p",
            publicBaseURL: URL(string: "http://127.0.0.1:2")!, apiKeys: [Secret("app-key-0123456789")],
            swedbankPayTimeout: 10)
        #expect(AbandonmentWindow(configuration) == AbandonmentWindow(milliseconds: 15_000))
        #expect(AbandonmentWindow(milliseconds: 6_000).staleBefore(now: 10_000) == 4_000)
        #expect(AbandonmentWindow(milliseconds: 6_000).isAbandoned(updatedAt: 3_999, now: 10_000))
        #expect(!AbandonmentWindow(milliseconds: 6_000).isAbandoned(updatedAt: 4_000, now: 10_000))
    }
}
