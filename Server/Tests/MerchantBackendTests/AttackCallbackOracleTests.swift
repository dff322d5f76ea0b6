import Foundation
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

    @Test func aHundredCallbacksForOneOrderCauseAtMostTwoReads() async throws {
        try await BackendHarness.run { harness in
            let order = try #require(try await harness.createOrder().paymentOrderID)
            // Every callback arrives while the first read is still running.
            try harness.sandbox.addFault(FaultFlagParser.parse("GET /psp/paymentorders/* delay:1"))
            let sent = try await harness.sandboxRequests {
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<100 { group.addTask { try await Self.callback(harness, order).status } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses == Array(repeating: 200, count: 100))
                await harness.backend.callbackVerifier.idle()
            }
            // The first read, and one more for the callbacks that came while it ran.
            #expect(sent == ["GET \(order)", "GET \(order)"])
        }
    }

    @Test func beyondItsBoundsTheVerifierDropsCallbacksAndCallsNoMore() async throws {
        try await BackendHarness.run(configure: {
            $0.maxCallbackVerificationsRunning = 1
            $0.maxCallbacksWaiting = 2
        }) { harness in
            var orders: [String] = []
            for _ in 0..<10 { orders.append(try #require(try await harness.createOrder().paymentOrderID)) }
            try harness.sandbox.addFault(FaultFlagParser.parse("GET /psp/paymentorders/* delay:0.5"))
            let sent = try await harness.sandboxRequests {
                for order in orders {
                    let status = try await Self.callback(harness, order).status
                    #expect(status == 200)
                }
                await harness.backend.callbackVerifier.idle()
            }
            #expect(await harness.backend.callbackVerifier.dropped == 7)
            #expect(sent == orders.prefix(3).map { "GET \($0)" })
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
                await harness.backend.callbackVerifier.idle()
            }
            #expect(answers.map(\.status) == [400, 400, 400])
            #expect(answers.allSatisfy { $0.problemType == URI.mobileSDKBadRequest })
            #expect(sent == [])
        }
    }
}
