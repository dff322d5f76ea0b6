import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

/// Saved cards with 3-D Secure through scripted web views.
@Suite(.timeLimit(.minutes(1))) @MainActor struct ThreeDSecureFlowTests {
    typealias F = SessionFixtures

    /// Fetches and starts the card; create-authentication answers `afterAuthentication`. The
    /// method view's document reads as `methodState` (`https:complete`: the ACS's page loaded).
    func startMethodPage(
        _ harness: SessionHarness, methodState: String, afterAuthentication: F.JSON
    ) async throws -> ScriptedWebView {
        await harness.fetch(F.choosing(cardExpanded: true))
        harness.stub("POST", "/methods/CreditCard/attempts", F.createAuthentication)
        harness.stub("POST", "/sca/create-authentication", afterAuthentication)
        harness.host.prepare = { $0.scriptResults[ThreeDSecureWebViews.methodProbe] = .string(methodState) }
        harness.session?.makeNativePaymentAttempt(instrument: .creditCard(prefill: F.visa))
        await harness.until("the method page") { harness.host.webViews.first?.loadedHTML.isEmpty == false }
        return try #require(harness.host.webViews.first)
    }

    /// Fetches, starts the card, and answers create-authentication with the challenge.
    func startChallenge(_ harness: SessionHarness) async throws -> ScriptedWebView {
        harness.stub("POST", "/sca/complete-authentication", F.terminal(redirect: F.completeUrl))
        let method = try await startMethodPage(
            harness, methodState: "https:complete", afterAuthentication: F.completeAuthentication)
        let page = try #require(method.loadedHTML.first)
        #expect(page.baseURL.absoluteString == "about:blank")
        #expect(page.html.contains(#"<body onload="document.forms[0].submit()"><form method="POST""#))
        #expect(page.html.contains(#"action="https://pay.test/sandbox/acs/method""#))
        #expect(page.html.contains(#"name="threeDSMethodData" value="bWV0aG9k""#))
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "show3DSecure"])
        #expect(method.isClosed)
        #expect(
            harness.body("/sca/create-authentication")
                == #"{"browser":{"acceptHeader":"text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8","javascriptEnabled":true,"language":"sv-SE","timeZoneOffset":"60"},"client":{"screenColorDepth":"24","screenHeight":"2532","screenWidth":"1170","userAgent":"UA/1"},"methodCompletionIndicator":"Y","notificationUrl":"\#(F.notificationUrl)","requestWindowSize":"FULLSCREEN"}"#
        )
        let challenge = try #require(harness.host.last)
        #expect(harness.delegate.shown3DSecure.first === challenge.viewController)
        await harness.until("the challenge page") { !challenge.loadedHTML.isEmpty }
        return challenge
    }

    func postCres(_ challenge: ScriptedWebView) async {
        let final = SwedbankPaySDK.WebNavigationRequest(
            url: URL(string: F.notificationUrl)!, method: "POST", body: Data("cres=Y3Jlcw&threeDSSessionData=x".utf8))
        #expect(await challenge.offer(final) == .allow)
    }

    @Test func theChallengeEndsWithItsCresInCompleteAuthentication() async throws {
        let harness = SessionHarness()
        let challenge = try await startChallenge(harness)
        let page = try #require(challenge.loadedHTML.first?.html)
        #expect(page.contains(#"action="https://pay.test/sandbox/acs/challenge""#))
        #expect(page.contains(#"name="creq" value="Y3JlcQ""#))
        // Navigations inside the ACS are allowed and change nothing.
        #expect(await challenge.offer("https://pay.test/sandbox/acs/challenge") == .allow)
        await postCres(challenge)
        await harness.waitForCalls(4)
        #expect(harness.delegate.calls == ["fetched", "show3DSecure", "dismiss3DSecure", "complete"])
        #expect(harness.body("/sca/complete-authentication") == #"{"cRes":"Y3Jlcw","client":{"userAgent":"UA/1"}}"#)
        #expect(
            harness.requests == [
                "GET ", "POST /prepare", "POST /methods/CreditCard/attempts", "POST /sca/create-authentication",
                "POST /sca/complete-authentication",
            ])
    }

    @Test func aChallengeThatFailsToLoadIsReportedAndRetryLoadsItAgain() async throws {
        let harness = SessionHarness()
        let challenge = try await startChallenge(harness)
        challenge.failLoad(.init(url: URL(string: "https://pay.test/sandbox/acs/challenge"), description: "offline"))
        await harness.waitForCalls(3)
        #expect(harness.delegate.calls.last == "sdkProblem(paymentSession3DSecureViewControllerLoadFailed)")
        let retry = try #require(harness.delegate.problems.last?.retry)
        retry()
        await harness.until("the second load") { challenge.loadedHTML.count == 2 }
        await postCres(challenge)
        await harness.waitForCalls(5)
        #expect(
            harness.delegate.calls == [
                "fetched", "show3DSecure", "sdkProblem(paymentSession3DSecureViewControllerLoadFailed)",
                "dismiss3DSecure",
                "complete",
            ])
    }

    @Test func aMethodPageThatNeverLoadsCountsAsN() async throws {
        let harness = SessionHarness()
        await harness.fetch(F.choosing(cardExpanded: true))
        harness.stub("POST", "/methods/CreditCard/attempts", F.createAuthentication)
        harness.stub("POST", "/sca/create-authentication", F.terminal(redirect: F.completeUrl))
        harness.session?.makeNativePaymentAttempt(instrument: .creditCard(prefill: F.visa))
        await harness.tick(ThreeDSecureWebViews.methodTimeout)
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "complete"])
        #expect(harness.body("/sca/create-authentication")?.contains(#""methodCompletionIndicator":"N""#) == true)
    }

    /// The method page's own load failing is `N`. (Posted into a frame, as before, a failed load
    /// still fired the frame's `load` event for the error page, which counted as `Y`: found in
    /// Chromium against the sandbox, where the frame's post from about:blank to the loopback ACS
    /// is blocked.)
    @Test func aMethodPageWhoseLoadFailsCountsAsN() async throws {
        let harness = SessionHarness()
        // What a browser shows after the failure is a complete document too, but not the ACS's.
        let method = try await startMethodPage(
            harness, methodState: "chrome-error:complete", afterAuthentication: F.terminal(redirect: F.completeUrl))
        method.failLoad(.init(url: URL(string: "https://pay.test/sandbox/acs/method"), description: "blocked"))
        await harness.waitForCalls(2)
        #expect(harness.delegate.calls == ["fetched", "complete"])
        #expect(harness.body("/sca/create-authentication")?.contains(#""methodCompletionIndicator":"N""#) == true)
        #expect(method.isClosed)
    }
}
