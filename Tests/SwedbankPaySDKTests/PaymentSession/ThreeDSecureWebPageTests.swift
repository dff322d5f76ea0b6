import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

/// The 3-D Secure web views load web pages only: a method or challenge address that is not an
/// http(s) URL loads nothing, and navigations to other schemes inside the ACS are stopped.
@Suite @MainActor struct ThreeDSecureWebPageTests {
    static func form(_ url: String) -> FormPost {
        var form = FormPost(SessionTask(rel: "sca-redirect", href: url, method: "POST"))!
        form.fields = [.init(name: "creq", value: "Y3JlcQ")]
        return form
    }

    @Test(arguments: [
        "javascript:alert(1)", "file:///etc/passwd", "bankapp://pay", "data:text/html,x", "https:/no-host",
    ])
    func aMethodRequestToANonWebAddressCountsAsNotDoneAndLoadsNothing(url: String) async {
        let host = ScriptedWebViewHost()
        let views = ThreeDSecureWebViews(host: host, clock: ManualClock())
        #expect(await views.runMethodRequest(Self.form(url)) == false)
        #expect(host.webViews.isEmpty)
    }

    @Test(arguments: ["javascript:alert(1)", "file:///etc/passwd", "bankapp://pay"])
    func aChallengeAtANonWebAddressFailsWithoutShowingAnything(url: String) async {
        let host = ScriptedWebViewHost()
        let views = ThreeDSecureWebViews(host: host, clock: ManualClock())
        let result = await views.showChallenge(Self.form(url), notificationUrl: nil) { _ in
            Issue.record("a view was shown")
        }
        guard case .failed(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(error is ThreeDSecureWebViews.NotAWebPage)
        #expect(host.webViews.isEmpty)
    }

    @Test func insideTheChallengeOnlyWebPagesMayLoad() async throws {
        let host = ScriptedWebViewHost()
        let views = ThreeDSecureWebViews(host: host, clock: ManualClock())
        let challenge = Task {
            await views.showChallenge(Self.form("https://acs.example/challenge"), notificationUrl: nil) { _ in }
        }
        await Arrivals.settle { host.last?.loadedHTML.isEmpty == false }
        let view = try #require(host.last)
        #expect(await view.offer("https://acs.example/step2") == .allow)
        for url in ["javascript:alert(1)", "bankapp://approve", "file:///etc/passwd", "about:blank"] {
            #expect(await view.offer(url) == .cancel, "\(url)")
        }
        await views.closeAll()
        challenge.cancel()
        _ = await challenge.value
    }
}
