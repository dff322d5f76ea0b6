import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServerSupport
import Testing

@testable import MerchantBackend

/// What the app gets when Swedbank Pay is slow, unreachable, or answers nonsense or a problem.
@Suite(.timeLimit(.minutes(2))) struct FailureMappingTests {
    @Test func aSlowSwedbankPayIsAGatewayTimeoutWithinTheDeadline() async throws {
        // A deadline with room for a loaded test machine: the retry below must get its answer
        // within it too, and 1.5 s was once overrun while the cluster and crash tests ran beside
        // this one. The sandbox never answers the first try (a hang, not a delay: a delayed request
        // goes through once its delay ends, and the order it creates there would make the retry
        // below a duplicate payee reference if that came later).
        try await BackendHarness.run(configure: { $0.swedbankPayTimeout = 10 }) { harness in
            let fault = try await harness.client.answer(
                .POST, harness.sandboxURL + "/sandbox/faults",
                json: #"{"method":"POST","path":"/psp/paymentorders","kind":"hang"}"#)
            #expect(fault.status == 201)
            let started = ContinuousClock.now
            let answer = try await harness.createOrder(key: "slow")
            let elapsed = ContinuousClock.now - started
            #expect(answer.status == 504)
            #expect(
                answer.body
                    == #"{"detail":"Swedbank Pay did not answer within 10 seconds.","status":504,"title":"Gateway Timeout","type":"https://api.payex.com/psp/errordetail/mobilesdk/gatewaytimeout"}"#
            )
            // The sandbox hangs, so only the deadline can have answered; the problem body above says
            // which. The answer waited for the deadline rather than failing early. No upper bound:
            // a loaded test machine adds seconds of its own, and the suite's time limit catches a
            // request that never ends.
            #expect(elapsed >= .seconds(10))
            // The attempt is recorded as failed, so the same key tries again once Swedbank Pay is back.
            let order = try #require(try await harness.backend.services.store.all().first)
            #expect(order.creation == .failed)
            _ = try await harness.client.answer(
                .DELETE, harness.sandboxURL + "/sandbox/faults", headers: ["X-Sandbox-Control": "1"])
            let retried = try await harness.createOrder(key: "slow")
            #expect(retried.status == 201)
            #expect(try await harness.backend.services.store.all().count == 1)
        }
    }

    @Test func anUnreachableSwedbankPayIsABadGatewayWithoutGatewayStatus() async throws {
        try await BackendHarness.withRefusingPort { port in
            try await BackendHarness.run(swedbankPayURL: "http://127.0.0.1:\(port)") { harness in
                let answer = try await harness.createOrder()
                #expect(answer.status == 502)
                #expect(
                    answer.body
                        == #"{"detail":"Swedbank Pay could not be reached.","status":502,"title":"Bad Gateway","type":"https://api.payex.com/psp/errordetail/mobilesdk/badgateway"}"#
                )
            }
        }
    }

    @Test func aSwedbankPayProblemIsPassedThroughWithItsStatus() async throws {
        try await BackendHarness.run { harness in
            _ = try await harness.client.answer(
                .POST, harness.sandboxURL + "/sandbox/faults",
                json: #"{"method":"POST","path":"/psp/paymentorders","kind":"status","status":503}"#)
            let answer = try await harness.createOrder()
            #expect(answer.status == 503)
            #expect(answer.contentType == "application/problem+json")
            #expect(answer.json["status"] as? Int == 503)
            #expect(answer.json["type"] as? String == "https://api.payex.com/psp/errordetail/systemerror")
        }
    }

    @Test func anAnswerThatIsNotJSONIsABadGatewayWithGatewayStatusAndBody() async throws {
        // A "Swedbank Pay" that answers HTML.
        let router = Router()
        router.post("/psp/paymentorders") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/html"],
                body: .init(byteBuffer: ByteBuffer(string: "<h1>oops</h1>")))
        }
        let (listening, server) = await RunningServices.onLoopback(router, label: "html")
        let port = try #require(listening)
        try await BackendHarness.run(swedbankPayURL: "http://127.0.0.1:\(port)") { harness in
            let answer = try await harness.createOrder()
            #expect(answer.status == 502)
            #expect(
                answer.body
                    == #"{"body":"<h1>oops</h1>","detail":"Swedbank Pay answered 200 with a body that is not a JSON object.","gatewayStatus":200,"status":502,"title":"Bad Gateway","type":"https://api.payex.com/psp/errordetail/mobilesdk/badgateway"}"#
            )
        }
        await server.stop()
    }
}

/// `PATCH /patch` and `POST /expand` never send the merchant token anywhere but Swedbank Pay, and
/// only touch the caller's own orders.
@Suite(.timeLimit(.minutes(2))) struct RelayTests {
    @Test func anHrefOnAnotherHostIsRefusedBeforeAnythingIsSent() async throws {
        // A listener that records every request it gets: it must get none.
        let received = RequestCounter()
        let router = Router()
        router.patch("/psp/paymentorders/:id") { _, _ in
            await received.increment()
            return Response(status: .ok)
        }
        let (listening, server) = await RunningServices.onLoopback(router, label: "trap")
        let port = try #require(listening)
        try await BackendHarness.run { harness in
            let created = try await harness.createOrder()
            let id = try #require((created.json["paymentOrder"] as? [String: Any])?["id"] as? String)
            for href in [
                "http://127.0.0.1:\(port)\(id)",
                "http://localhost:\(harness.sandboxURL.split(separator: ":").last!)\(id)",
                "http://user@\(harness.sandboxURL.dropFirst(7))\(id)",
            ] {
                let answer = try await harness.send(
                    .PATCH, "/patch",
                    json:
                        #"{"href":"\#(href)","paymentorder":{"operation":"Abort","abortReason":"CancelledByConsumer"}}"#
                )
                #expect(answer.status == 403, "\(href)")
                #expect(answer.json["type"] as? String == "https://api.payex.com/psp/errordetail/forbidden")
                #expect(
                    answer.json["problems"] as? [[String: String]] == [
                        [
                            "name": "href",
                            "description": "Must be the operation href of a payment order at Swedbank Pay, as given.",
                        ]
                    ])
            }
            #expect(await received.count == 0)
            // Someone else's order: not found, and nothing aborted.
            var headers = BackendHarness.appHeaders
            headers["x-payex-sample-access-token"] = "another-user"
            let foreign = try await harness.send(
                .PATCH, "/patch",
                json:
                    #"{"href":"\#(harness.sandboxURL)\#(id)","paymentorder":{"operation":"Abort","abortReason":"CancelledByConsumer"}}"#,
                headers: headers)
            #expect(foreign.status == 404)
            let expand = try await harness.send(
                .POST, "/expand", json: #"{"resource":"\#(id)","expand":["paid"]}"#, headers: headers)
            #expect(expand.status == 404)
            let badExpand = try await harness.send(
                .POST, "/expand", json: #"{"resource":"\#(id)","expand":["everything"]}"#)
            #expect(badExpand.status == 400)
            let unknownOperation = try await harness.send(
                .PATCH, "/patch",
                json: #"{"href":"\#(harness.sandboxURL)\#(id)","paymentorder":{"operation":"Capture"}}"#)
            #expect(unknownOperation.status == 400)
        }
        await server.stop()
    }
}

actor RequestCounter {
    private(set) var count = 0
    func increment() { count += 1 }
}
