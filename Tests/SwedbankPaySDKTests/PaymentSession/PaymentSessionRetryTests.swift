import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

/// Retries inside the window (reference §4): transport errors and 5xx are sent again every second
/// while less than 20 s have passed since the first try; 4xx are not.
@Suite(.timeLimit(.minutes(1))) @MainActor struct PaymentSessionRetryTests {
    typealias F = SessionFixtures

    static let unavailable = StubHTTPClient.Reply.problem(#"{"type":"about:blank","status":503}"#, status: 503)

    @Test func aShort5xxBurstIsRetriedSilently() async {
        let harness = SessionHarness()
        harness.http.on("GET", F.sessionURL, times: 3, reply: Self.unavailable)
        harness.stub("GET", "", F.fresh)
        harness.stub("POST", "/prepare", F.choosing())
        harness.session?.fetchPaymentSession(sessionURL: F.sessionURL)
        for _ in 0..<3 { await harness.tick(1) }
        await harness.waitForCalls(1)
        #expect(harness.delegate.calls == ["fetched"])
        #expect(harness.requests == ["GET ", "GET ", "GET ", "GET ", "POST /prepare"])
    }

    @Test func a5xxBurstLongerThanTheWindowIsReportedAndRetryResumesTheSameRequest() async throws {
        let harness = SessionHarness()
        harness.http.on("GET", F.sessionURL, times: 21, reply: Self.unavailable)
        harness.stub("GET", "", F.fresh)
        harness.stub("POST", "/prepare", F.choosing())
        harness.session?.fetchPaymentSession(sessionURL: F.sessionURL)
        for _ in 0..<20 { await harness.tick(1) }
        await harness.waitForCalls(1)
        #expect(harness.delegate.calls == ["sdkProblem(paymentSessionAPIRequestFailed)"])
        #expect(harness.requests.count == 21)  // tries at 0, 1, ..., 20 s
        let problem = try #require(harness.delegate.problems.first)
        #expect(
            problem.error as? SwedbankPaySDK.PaymentSessionAPIError
                == .serverError(status: 503, problem: .init(type: "about:blank", status: 503)))
        let retry = try #require(problem.retry)
        retry()
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["sdkProblem(paymentSessionAPIRequestFailed)", "fetched"])
        #expect(harness.requests.suffix(2) == ["GET ", "POST /prepare"])
    }

    @Test func aTransportErrorIsRetried() async {
        let harness = SessionHarness()
        await harness.fetch()
        harness.http.on(
            "POST", F.session + "/methods/Swish/attempts", times: 2,
            reply: .failure(.connectionFailed(F.sessionURL, description: "reset")))
        harness.stub("POST", "/methods/Swish/attempts", F.terminal(redirect: F.completeUrl))
        harness.session?.makeNativePaymentAttempt(instrument: .swish(msisdn: "+46739000001"))
        await harness.tick(1)
        await harness.tick(1)
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "complete"])
        #expect(harness.requests.filter { $0 == "POST /methods/Swish/attempts" }.count == 3)
    }

    @Test func a4xxIsNotRetried() async throws {
        let harness = SessionHarness()
        await harness.fetch()
        harness.http.on(
            "POST", F.session + "/methods/Swish/attempts", times: 1,
            reply: .problem(#"{"type":"https://api.payex.com/psp/errordetail/inputerror","status":400}"#, status: 400))
        harness.stub("POST", "/methods/Swish/attempts", F.swishAttempt(local: false))
        harness.session?.makeNativePaymentAttempt(instrument: .swish(msisdn: "+46739000001"))
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "sdkProblem(paymentSessionAPIRequestFailed)"])
        #expect(harness.clock.sleeperCount == 0)
        // retry sends the same attempt, body and all.
        let firstBody = harness.body("/methods/Swish/attempts")
        let retry = try #require(harness.delegate.problems.first?.retry)
        retry()
        await harness.clock.waitForSleepers(1)  // the answer polls
        #expect(harness.requests.filter { $0 == "POST /methods/Swish/attempts" }.count == 2)
        #expect(harness.body("/methods/Swish/attempts") == firstBody)
    }

    @Test func anUndecodable2xxIsReportedNotDropped() async {
        let harness = SessionHarness()
        harness.http.on("GET", F.sessionURL, reply: .json("{\"nothing\": true}"))
        harness.session?.fetchPaymentSession(sessionURL: F.sessionURL)
        await harness.waitForCalls(1)
        #expect(harness.delegate.calls == ["sdkProblem(paymentSessionAPIRequestFailed)"])
        #expect(
            harness.delegate.problems.first?.error as? SwedbankPaySDK.PaymentSessionAPIError
                == .invalidResponse(status: 200, reason: "no paymentSession object"))
    }
}
