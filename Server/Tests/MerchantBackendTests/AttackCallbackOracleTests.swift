import Foundation
import Logging
import PaymentSandbox
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

/// Attacks on the open callback route: as an oracle of which orders exist, and as a lever to make
/// the backend call Swedbank Pay without bound. Every well-formed callback gets the same answer;
/// verification happens afterwards, one read per order at a time, within fixed bounds.
@Suite struct AttackCallbackOracleTests {
    typealias URI = SwedbankPaySDK.ProblemTypeURI

    static func callback(_ harness: BackendHarness, _ id: String) async throws -> Answer {
        try await harness.send(.POST, "/swedbankpay/callback", json: #"{"paymentOrder":{"id":"\#(id)"}}"#, headers: [:])
    }

    @Test func knownAndUnknownOrdersGetTheSameAnswerAndOnlyKnownOnesAreRead() async throws {
        try await BackendHarness.run { harness in
            let known = try #require(try await harness.createOrder().paymentOrderID)
            let unknown = "/psp/paymentorders/" + UUID().uuidString.lowercased()
            var answers: [Answer] = []
            let sent = try await harness.sandboxRequests {
                answers.append(try await Self.callback(harness, known))
                answers.append(try await Self.callback(harness, unknown))
                await harness.backend.callbackVerifier.idle()
            }
            #expect(answers.map(\.status) == [200, 200])
            #expect(answers.map(\.body) == ["{}", "{}"])
            #expect(answers[0].contentType == answers[1].contentType)
            #expect(sent == ["GET \(known)"])
        }
    }

    /// A hundred callbacks for one order while its read runs: that read, and one more for the
    /// callbacks it may have missed. The reads are held open by the test, not by a delay.
    @Test func aHundredCallbacksForOneOrderCauseTwoReads() async throws {
        let reads = GatedReads()
        let verifier = CallbackVerifier(maxRunning: 4, maxWaiting: 1_000, logger: Logger(label: "test")) {
            await reads.read($0)
        }
        await verifier.receive("/psp/paymentorders/a")
        await reads.waitUntilStarted(1)
        for _ in 0..<100 { await verifier.receive("/psp/paymentorders/a") }
        await reads.openAll()
        await verifier.idle()
        #expect(await reads.started == ["/psp/paymentorders/a", "/psp/paymentorders/a"])
    }

    /// With one read at a time and two waiting, ten orders' callbacks during a read: three orders
    /// are read, in arrival order, seven callbacks dropped.
    @Test func beyondItsBoundsTheVerifierDropsCallbacksAndReadsNoMore() async throws {
        let reads = GatedReads()
        let verifier = CallbackVerifier(maxRunning: 1, maxWaiting: 2, logger: Logger(label: "test")) {
            await reads.read($0)
        }
        let orders = (0..<10).map { "/psp/paymentorders/o\($0)" }
        await verifier.receive(orders[0])
        await reads.waitUntilStarted(1)
        for order in orders.dropFirst() { await verifier.receive(order) }
        #expect(await verifier.dropped == 7)
        await reads.openAll()
        await verifier.idle()
        #expect(await reads.started == Array(orders.prefix(3)))
    }

    /// Reads that wait until the test opens them.
    actor GatedReads {
        private(set) var started: [String] = []
        private var open = false
        private var gate: [CheckedContinuation<Void, Never>] = []
        private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        func read(_ order: String) async {
            started.append(order)
            let ready = watchers.filter { $0.count <= started.count }
            watchers.removeAll { $0.count <= started.count }
            for watcher in ready { watcher.continuation.resume() }
            if open { return }
            await withCheckedContinuation { gate.append($0) }
        }

        func openAll() {
            open = true
            for continuation in gate { continuation.resume() }
            gate = []
        }

        /// Returns once `count` reads have started.
        func waitUntilStarted(_ count: Int) async {
            if started.count >= count { return }
            await withCheckedContinuation { watchers.append((count, $0)) }
        }
    }

    @Test func malformedCallbacksAreProblemsAndReadNothing() async throws {
        try await BackendHarness.run { harness in
            var answers: [Answer] = []
            let sent = try await harness.sandboxRequests {
                for id in [
                    "/psp/paymentorders/../x", "https://evil.example/psp/paymentorders/x", "/psp/paymentorders/",
                ] {
                    answers.append(try await Self.callback(harness, id))
                }
                // A well-formed id with an instrument that is not a name.
                answers.append(
                    try await harness.send(
                        .POST, "/swedbankpay/callback",
                        json: #"{"paymentOrder":{"id":"/psp/paymentorders/\#(UUID().uuidString)","instrument":{}}}"#,
                        headers: [:]))
                await harness.backend.callbackVerifier.idle()
            }
            #expect(answers.map(\.status) == [400, 400, 400, 400])
            #expect(answers.allSatisfy { $0.problemType == URI.mobileSDKBadRequest })
            #expect(
                answers.last?.json["problems"] as? [[String: String]] == [
                    ["name": "paymentOrder.instrument", "description": "The field must be a string."]
                ])
            #expect(sent == [])
        }
    }
}
