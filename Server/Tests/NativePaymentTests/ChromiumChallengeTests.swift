import BrowserHost
import Foundation
import SwedbankPaySDK
import Testing

/// 3-D Secure of a saved card in headless Chromium: the SDK's hidden method page and the challenge
/// page through `ChromiumWebViewHost`, the payer answering on the sandbox's ACS page.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct ChromiumChallengeTests {
    static let challengeCard = "522661******3406"

    @Test func aSavedCardChallengeApprovedInChromiumCompletesThePayment() async throws {
        try await NativeSandbox.run { sandbox in
            let browser = try await BrowserHost.launch()
            let host = ChromiumWebViewHost(browser: browser)
            do {
                let flow = try await sandbox.start(.init(payerReference: "payer-challenge"), webViewHost: host)
                flow.session.makeNativePaymentAttempt(
                    instrument: .creditCard(prefill: try flow.recorder.card(Self.challengeCard)))
                let shown = try await flow.calls(2)
                #expect(shown == [SwishTests.fetchedPayer, "show3DSecureViewController"])
                // The hidden method page runs first, but Chromium's Local Network Access rule stops
                // its frame's post from the about:blank document to the loopback ACS (a WKWebView
                // has no such rule), so the ACS does not see it here; the challenge does not need it.
                let view = try #require(flow.recorder.threeDSecureViews.first as? ChromiumViewController)
                try await view.page.waitFor("document.querySelector('#approve button')", description: "the ACS page")
                try await view.page.click("#approve button")

                let calls = try await flow.calls(4)
                #expect(
                    calls == [
                        SwishTests.fetchedPayer, "show3DSecureViewController", "dismiss3DSecureViewController",
                        "complete",
                    ])
                // The SDK's requests; the ACS page's own form post to the NotificationUrl (Chromium's,
                // where the SDK takes the cres from) may or may not finish before the view closes.
                let requests = try await sandbox.sessionRequests().map(\.description).filter {
                    $0 != "POST /sca/notification 200"
                }
                #expect(
                    requests == [
                        "GET / 200", "POST /prepare 200", "POST /methods/CreditCard/expand 200",
                        "POST /methods/CreditCard/attempts 200", "POST /sca/create-authentication 200",
                        "POST /sca/complete-authentication 200",
                    ])
            } catch {
                await browser.close()
                throw error
            }
            await browser.close()
        }
    }
}
