import BrowserHost
import Foundation
import SwedbankPaySDK
import Testing

/// The flows that need a web view, in headless Chromium through `ChromiumWebViewHost`: a saved
/// card's 3-D Secure challenge (and its page failing to load), and a new card in the web menu.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct ChromiumNativeTests {
    static let challengeCard = "522661******3406"

    @Test func aSavedCardChallengeApprovedInChromiumCompletesThePayment() async throws {
        try await NativeSandbox.run { sandbox in
            try await sandbox.withChromium { host in
                let flow = try await sandbox.start(.init(payerReference: "payer-challenge"), webViewHost: host)
                let card = try flow.recorder.card(Self.challengeCard)
                flow.session.makeNativePaymentAttempt(instrument: .creditCard(prefill: card))
                let shown = try await flow.calls(2)
                #expect(shown == [SwishTests.fetchedPayer, "show3DSecureViewController"])
                // The hidden method page ran in Chromium before the challenge: the ACS got it.
                let summary = try await sandbox.sessionSummary(flow.order.sessionToken)
                #expect(summary["threeDSecure"]?.objectValue?["methodCompleted"] == .bool(true))
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
            }
        }
    }

    @Test func aChallengePageThatFailsToLoadIsReportedAndRetryShowsIt() async throws {
        try await NativeSandbox.run { sandbox in
            try await sandbox.withChromium { host in
                sandbox.challengeOutage.isOn = true
                let flow = try await sandbox.start(.init(payerReference: "payer-outage"), webViewHost: host)
                let card = try flow.recorder.card(Self.challengeCard)
                flow.session.makeNativePaymentAttempt(instrument: .creditCard(prefill: card))
                let failed = try await flow.calls(3)
                #expect(
                    failed == [
                        SwishTests.fetchedPayer, "show3DSecureViewController",
                        "sdkProblem paymentSession3DSecureViewControllerLoadFailed (WebViewLoadFailure)",
                    ])

                sandbox.challengeOutage.isOn = false
                try flow.retryFirstProblem()
                let view = try #require(flow.recorder.threeDSecureViews.first as? ChromiumViewController)
                try await view.page.waitFor("document.querySelector('#approve button')", description: "the ACS page")
                try await view.page.click("#approve button")
                let calls = try await flow.calls(5)
                #expect(calls.dropFirst(3) == ["dismiss3DSecureViewController", "complete"])
                // The same view was shown again: no second show3DSecureViewController.
                #expect(flow.recorder.threeDSecureViews.count == 1)
            }
        }
    }

    @Test func aNewCardIsPaidInTheWebMenuAndTheSessionCompletes() async throws {
        try await NativeSandbox.run { sandbox in
            try await sandbox.withChromium { host in
                let flow = try await sandbox.start(webViewHost: host)
                flow.session.makeNativePaymentAttempt(
                    instrument: .newCreditCard(enabledPaymentDetailsConsentCheckbox: true))
                let shown = try await flow.calls(2)
                #expect(shown == [SwishTests.fetchedGuest, "showSwedbankPaySDKController"])
                let summary = try await sandbox.sessionSummary(flow.order.sessionToken)
                #expect(summary["instrumentModePaymentMethod"] == .string("CreditCard"))
                #expect(summary["hideStoredPaymentOptions"] == .bool(true))

                // The controller makes its web view once it runs, after it was handed out.
                let page = await host.lastOrNextWebView().page
                let menu = BrowserPage.Frame.urlPrefix(sandbox.base + "/checkout/frame/")
                try await page.waitFor("document.querySelector('#card-number')", in: menu, description: "the card form")
                try await page.type("4925 0000 0000 0004", into: "#card-number", in: menu)
                try await page.type("12/30", into: "#card-expiry", in: menu)
                try await page.type("123", into: "#card-cvc", in: menu)
                try await page.click("#pay-card", in: menu)

                // The menu's completion is the session's; no 3-D Secure callbacks on this path.
                let calls = try await flow.calls(3)
                #expect(calls == [SwishTests.fetchedGuest, "showSwedbankPaySDKController", "complete"])
                let requests = try await sandbox.sessionRequests().map(\.description)
                #expect(requests == ["GET / 200", "POST /prepare 200", "POST /customize 200"])
            }
        }
    }
}

extension NativeSandbox {
    /// Runs `body` with a fresh headless Chromium as the SDK's web views, and closes it afterwards.
    func withChromium(_ body: (ChromiumWebViewHost) async throws -> Void) async throws {
        let browser = try await BrowserHost.launch()
        do {
            try await body(ChromiumWebViewHost(browser: browser))
        } catch {
            await browser.close()
            throw error
        }
        await browser.close()
    }
}
