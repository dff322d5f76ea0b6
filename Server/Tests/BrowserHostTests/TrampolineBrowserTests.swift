import BrowserHost
import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

/// The trampoline page in a real browser: its button takes the payer to the target, as a
/// user-initiated main-frame navigation the host sees before it happens (on iOS, the moment the
/// universal link reaches the app).
@Suite(.serialized) struct TrampolineBrowserTests {
    @Test func theButtonNavigatesToTheTargetAndThePageHasNoConsoleErrors() async throws {
        try await HostedViewSandbox.run { sandbox in
            let target =
                "https://shop.example/sdk-callback/ios-universal-link?scheme=com.example.app&language=sv-SE&id=1&app=Example%20App&fallback=true"
            let encoded = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let page = try await sandbox.browser.newPage()
            let seen = NavigationLog()
            await page.setNavigationDecider { request in
                await seen.add(request)
                return request.url.host == "shop.example" ? .cancel : .allow
            }
            try await page.navigate(
                to: URL(
                    string:
                        "\(sandbox.base)/externalresourcehost/trampoline?target=\(encoded)&language=sv-SE&app=Example%20App"
                )!)
            #expect(try await page.evaluate("document.title") == .string("Swedbank Pay Redirect"))
            #expect(
                try await page.evaluate("document.getElementById('trampoline-link').textContent")
                    == .string("Tillbaka till Example App"))
            try await page.click("#trampoline-link")
            #expect(await seen.arrivals.wait(for: 2))
            let last = try #require(await seen.requests.last)
            #expect(last.url == URL(string: target))
            #expect(last.method == "GET")
            #expect(last.isMainFrame)
            #expect(await page.consoleErrors == [])
        }
    }
}

actor NavigationLog {
    var requests: [NavigationRequest] = []
    /// One arrival per request.
    nonisolated let arrivals = Arrivals()
    func add(_ request: NavigationRequest) {
        requests.append(request)
        arrivals.arrive()
    }
}
