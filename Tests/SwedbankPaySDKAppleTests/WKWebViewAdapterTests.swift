#if canImport(UIKit) && canImport(WebKit)
    import Foundation
    import Testing
    import UIKit
    import WebKit

    @testable import SwedbankPaySDK

    // Apple only: the SDK's `WKWebView` adapter in a real WebKit (the Apple workflow runs these in
    // the iOS Simulator). `scripts/check-apple-only` type-checks this file on Linux against the
    // model; every other platform compiles it to nothing. Pages are HTML given at an https base
    // URL: nothing here reaches the network except the one refused connection to this machine.

    /// What the page told the SDK, in order.
    @MainActor
    final class PageRecorder {
        var dialogs: [SwedbankPaySDK.WebDialog] = []
    }

    @MainActor
    @Suite struct WKWebViewAdapterTests {
        let base = URL(string: "https://pay.example.com/checkout")!

        func makeWebView() async throws -> any SwedbankPaySDK.WebView {
            let webView = try await WKWebViewHost().makeWebView()
            #expect(webView.viewController.view is WKWebView)
            return webView
        }

        @Test func loadsHTMLAtItsBaseURLAndEvaluatesScripts() async throws {
            let webView = try await makeWebView()
            try await webView.loadHTML("<p id='greeting'>Hej</p>", baseURL: base)
            #expect(try await webView.evaluateJavaScript("location.href") == .string(base.absoluteString))
            #expect(
                try await webView.evaluateJavaScript("document.getElementById('greeting').textContent") == .string("Hej"))
            #expect(
                try await webView.evaluateJavaScript("({amount: 1500, currency: 'SEK', lines: ['coffee']})")
                    == .object(["amount": .integer(1500), "currency": .string("SEK"), "lines": .array([.string("coffee")])]))
            await webView.close()
        }

        @Test func deliversTheTopDocumentsMessagesOnly() async throws {
            let webView = try await makeWebView()
            let (messages, received) = AsyncStream.makeStream(of: SwedbankPaySDK.JSONValue.self)
            try await webView.addMessageHandler(name: "swedbankpay") { received.yield($0) }
            // The frame posts first; its message must never arrive (the WebView contract).
            let post = "window.webkit.messageHandlers.swedbankpay.postMessage"
            try await webView.loadHTML(
                """
                <iframe srcdoc="<script>\(post)({msg: 'fromFrame'})</script>"
                    onload="\(post)({msg: 'fromTop', arg: 'paid'})"></iframe>
                """, baseURL: base)
            var iterator = messages.makeAsyncIterator()
            #expect(await iterator.next() == .object(["msg": .string("fromTop"), "arg": .string("paid")]))
            await webView.close()
        }

        @Test func offersNavigationsToTheDeciderAndStopsTheCancelledOnes() async throws {
            let webView = try await makeWebView()
            try await webView.loadHTML("<p>menu</p>", baseURL: base)
            let (requests, offered) = AsyncStream.makeStream(of: SwedbankPaySDK.WebNavigationRequest.self)
            webView.navigationDecider = { request in
                offered.yield(request)
                return .cancel
            }
            _ = try await webView.evaluateJavaScript("location.href = 'com.example.shop://payment-return?id=1'; 'asked'")
            var iterator = requests.makeAsyncIterator()
            let request = try #require(await iterator.next())
            #expect(request.url.absoluteString == "com.example.shop://payment-return?id=1")
            #expect(request.method == "GET")
            #expect(request.isMainFrame)
            #expect(!request.isNewWindow)
            #expect(try await webView.evaluateJavaScript("location.href") == .string(base.absoluteString))
            await webView.close()
        }

        @Test func asksThePayerAboutThePagesDialogs() async throws {
            let webView = try await makeWebView()
            let recorder = PageRecorder()
            webView.dialogHandler = { dialog in
                recorder.dialogs.append(dialog)
                if case .prompt = dialog { return .text("Bo") }
                return .accepted
            }
            try await webView.loadHTML("<p>terms</p>", baseURL: base)
            #expect(try await webView.evaluateJavaScript("confirm('Pay 15.00 SEK?')") == .bool(true))
            #expect(try await webView.evaluateJavaScript("prompt('Your name', 'Anna')") == .string("Bo"))
            #expect(
                recorder.dialogs == [
                    .confirm(message: "Pay 15.00 SEK?"), .prompt(message: "Your name", defaultText: "Anna"),
                ])
            await webView.close()
        }

        @Test func throwsWhenItsOwnLoadFails() async throws {
            let webView = try await makeWebView()
            // Port 1 on this machine refuses the connection.
            let refused = URL(string: "https://127.0.0.1:1/")!
            await #expect(throws: SwedbankPaySDK.WebViewLoadFailure.self) {
                try await webView.load(refused)
            }
            await webView.close()
        }
    }
#endif
