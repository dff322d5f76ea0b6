import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

@MainActor
@Suite struct ScriptedWebViewTests {
    @Test func recordsWhatTheSDKAsksInOrder() async throws {
        let host = ScriptedWebViewHost()
        let webView = try #require(try await host.makeWebView() as? ScriptedWebView)
        #expect(host.webViews.count == 1)
        webView.scriptResults["1 + 1"] = .integer(2)

        try await webView.addMessageHandler(name: "swedbankpay") { _ in }
        try await webView.loadHTML("<html></html>", baseURL: URL(string: "https://example.com/")!)
        #expect(try await webView.evaluateJavaScript("1 + 1") == .integer(2))
        #expect(try await webView.evaluateJavaScript("unknown()") == .null)
        try await webView.load(URL(string: "https://example.com/next")!)
        await webView.removeMessageHandler(name: "swedbankpay")
        await webView.close()

        #expect(
            webView.events == [
                .addMessageHandler("swedbankpay"),
                .loadHTML("<html></html>", baseURL: URL(string: "https://example.com/")!),
                .evaluate("1 + 1"),
                .evaluate("unknown()"),
                .load(URL(string: "https://example.com/next")!),
                .removeMessageHandler("swedbankpay"),
                .close,
            ])
        #expect(webView.currentURL == URL(string: "https://example.com/next"))
        #expect(webView.isClosed)
    }

    @Test func messagesReachOnlyTheNamedHandlerWhileItIsThere() async throws {
        let webView = ScriptedWebView()
        var received: [SwedbankPaySDK.JSONValue] = []
        try await webView.addMessageHandler(name: "swedbankpay") { received.append($0) }

        #expect(webView.post(.object(["msg": .string("onPaid")]), to: "swedbankpay"))
        #expect(!webView.post(.string("lost"), to: "other"))
        await webView.removeMessageHandler(name: "swedbankpay")
        #expect(!webView.post(.string("late"), to: "swedbankpay"))
        #expect(received == [.object(["msg": .string("onPaid")])])
    }

    @Test func navigationsAreOfferedToTheDecider() async {
        let webView = ScriptedWebView()
        #expect(await webView.offer("https://anything.example/") == .allow)

        var offered: [SwedbankPaySDK.WebNavigationRequest] = []
        webView.navigationDecider = { request in
            offered.append(request)
            return request.url.host == "bank.example" ? .allow : .cancel
        }
        let post = SwedbankPaySDK.WebNavigationRequest(
            url: URL(string: "https://merchant.example/3ds")!, method: "POST", body: Data("PaRes=a%2Bb&MD=x+y".utf8))
        #expect(await webView.offer(post) == .cancel)
        #expect(await webView.offer("https://bank.example/page") == .allow)
        #expect(offered.map(\.url.absoluteString) == ["https://merchant.example/3ds", "https://bank.example/page"])
        #expect(webView.currentURL == URL(string: "https://bank.example/page"))
        #expect(offered[0].formFields.map { "\($0.name)=\($0.value)" } == ["PaRes=a+b", "MD=x y"])
    }

    @Test func loadFailuresAreThrownOrReported() async {
        let webView = ScriptedWebView()
        let failure = SwedbankPaySDK.WebViewLoadFailure(
            url: URL(string: "https://down.example/"), description: "refused")
        webView.nextLoadFailure = failure
        await #expect(throws: failure) { try await webView.load(URL(string: "https://down.example/")!) }
        #expect(webView.currentURL == nil)

        var reported: [SwedbankPaySDK.WebViewLoadFailure] = []
        webView.loadFailureHandler = { reported.append($0) }
        webView.failLoad(failure)
        #expect(reported == [failure])
    }

    @Test func theHostCanFailToMakeAWebView() async {
        let host = ScriptedWebViewHost()
        host.makeFailure = SwedbankPaySDK.WebViewLoadFailure(url: nil, description: "no browser")
        await #expect(throws: SwedbankPaySDK.WebViewLoadFailure.self) { _ = try await host.makeWebView() }
        #expect(host.webViews.isEmpty)
    }
}
