import AsyncHTTPClient
import Foundation
import PaymentSandbox
import Testing

@testable import MerchantBackend

/// `Idempotency-Key` on order creation, on both database engines.
@Suite(.timeLimit(.minutes(3))) struct IdempotencyTests {
    @Test(arguments: TestDatabase.engines)
    func aRepeatedRequestGetsTheFirstAnswerAndCreatesNothing(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine) { harness in
            let user = "user-\(UUID().uuidString)"
            let first = try await harness.createOrder(key: "order-1", user: user)
            #expect(first.status == 201)
            #expect(first.headers.first(name: "Idempotent-Replayed") == nil)
            let second = try await harness.createOrder(key: "order-1", user: user)
            #expect(second.status == 201)
            #expect(second.body == first.body)
            #expect(second.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(second.headers.first(name: "Location") == first.headers.first(name: "Location"))
            // The same key from another user is another order.
            let other = try await harness.createOrder(key: "order-1", user: "user-\(UUID().uuidString)")
            #expect(other.status == 201)
            #expect(other.body != first.body)
            let mine = try await harness.backend.services.store.all().filter { $0.userID == user }
            #expect(mine.count == 1)
            let sandboxOrders = try await harness.client.answer(.GET, harness.sandboxURL + "/sandbox/paymentorders")
            #expect((sandboxOrders.json["paymentOrders"] as? [Any])?.count == 2)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aKeyReusedWithAnotherBodyIsRefused(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine) { harness in
            let user = "user-\(UUID().uuidString)"
            _ = try await harness.createOrder(key: "order-2", user: user)
            var headers = BackendHarness.appHeaders
            headers["x-payex-sample-access-token"] = user
            headers["Idempotency-Key"] = "order-2"
            let answer = try await harness.send(
                .POST, "/paymentorders", json: BackendHarness.orderJSON(amount: 9_999), headers: headers)
            #expect(answer.status == 422)
            #expect(
                answer.body
                    == #"{"detail":"The Idempotency-Key was used before with a different request body.","status":422,"title":"Unprocessable Entity","type":"https://api.payex.com/psp/errordetail/mobilesdk/badrequest"}"#
            )
        }
    }

    /// A repeat while the first request is held at Swedbank Pay: 409, asked to try again in a
    /// second (`Retry-After: 1`); once the first is answered a repeat gets its answer.
    @Test func aRepeatWhileTheFirstIsInFlightIsAskedToRetryAfterASecond() async throws {
        try await BackendHarness.run { harness in
            let user = "user-\(UUID().uuidString)"
            try harness.sandbox.addFault(FaultFlagParser.parse("POST /psp/paymentorders delay:2 x1"))
            async let first = harness.createOrder(key: "held", user: user)
            await harness.sandbox.faultsApplied(1)
            let refused = try await harness.createOrder(key: "held", user: user)
            #expect(refused.status == 409)
            #expect(refused.headers.first(name: "Retry-After") == "1")
            #expect(refused.headers.first(name: "Content-Type") == "application/problem+json")
            #expect(
                refused.body
                    == #"{"detail":"A request with this Idempotency-Key is still being processed; try again shortly.","status":409,"title":"Conflict","type":"https://api.payex.com/psp/errordetail/mobilesdk/badrequest"}"#
            )
            let answered = try await first
            #expect(answered.status == 201)
            let repeated = try await harness.createOrder(key: "held", user: user)
            #expect(repeated.status == 201)
            #expect(repeated.body == answered.body)
            #expect(repeated.headers.first(name: "Retry-After") == nil)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func concurrentRepeatsCreateOneOrder(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine) { harness in
            let user = "user-\(UUID().uuidString)"
            let answers = try await withThrowingTaskGroup(of: Answer.self) { group in
                for _ in 0..<8 { group.addTask { try await harness.createOrder(key: "burst", user: user) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let created = answers.filter { $0.status == 201 }
            // Each request either got the order or was told the first is still in flight.
            let inFlight = answers.filter { $0.status == 409 }
            #expect(created.count + inFlight.count == 8)
            #expect(Set(created.map(\.body)).count == 1)
            let mine = try await harness.backend.services.store.all().filter { $0.userID == user }
            #expect(mine.count == 1)
        }
    }

    @Test func twoBackendsSharingPostgreSQLCreateOneOrderPerKey() async throws {
        guard TestDatabase.postgresAvailable else { return }
        try await BackendHarness.run(engine: .postgres) { first in
            try await BackendHarness.run(engine: .postgres) { second in
                let user = "user-\(UUID().uuidString)"
                // Both backends talk to the first harness's sandbox, as two instances of one shop would.
                var headers = BackendHarness.appHeaders
                headers["x-payex-sample-access-token"] = user
                headers["Idempotency-Key"] = "shared-key"
                let one = try await first.send(
                    .POST, "/paymentorders", json: BackendHarness.orderJSON(), headers: headers)
                let two = try await second.send(
                    .POST, "/paymentorders", json: BackendHarness.orderJSON(), headers: headers)
                #expect(one.status == 201)
                #expect(two.status == 201)
                #expect(two.body == one.body)
                #expect(two.headers.first(name: "Idempotent-Replayed") == "true")
                let mine = try await second.backend.services.store.all().filter { $0.userID == user }
                #expect(mine.count == 1)
            }
        }
    }
}
