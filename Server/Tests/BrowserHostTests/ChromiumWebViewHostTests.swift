import BrowserHost
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import ServerSupport
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

/// `ChromiumWebViewHost` against real Chromium, clause by clause of the `WebView` contract, with
/// a small site on loopback for redirects, forms and failures.
@MainActor @Suite(.serialized) struct ChromiumWebViewHostTests {
    static let base = URL(string: "https://merchant.example/shop/")!

    @Test func aNewWebViewIsBlankAndLoadsHTMLAtItsBaseURLAndEvaluatesToJSON() async throws {
        try await TestSite.run { site, host in
            let webView = try #require(try await host.makeWebView() as? ChromiumWebView)
            #expect(host.webViews.count == 1)
            let controller = try #require(webView.viewController as? ChromiumViewController)
            #expect(controller.page === webView.page)
            #expect(try await webView.evaluateJavaScript("location.href") == .string("about:blank"))
            try await webView.loadHTML("<p id='x'>hi</p>", baseURL: Self.base)
            #expect(try await webView.evaluateJavaScript("location.origin") == .string("https://merchant.example"))
            #expect(
                try await webView.evaluateJavaScript("({a: [1, 'two', null], b: true})")
                    == .object(["a": .array([.integer(1), .string("two"), .null]), "b": .bool(true)]))
            #expect(try await webView.evaluateJavaScript("Promise.resolve(6 * 7)") == .integer(42))
            #expect(try await webView.evaluateJavaScript("undefined") == .null)
            await #expect(throws: BrowserHostError.self) {
                _ = try await webView.evaluateJavaScript("(function(){ throw new Error('boom') })()")
            }
            // about:blank as base URL: an opaque origin.
            try await webView.loadHTML("<p id='y'>blank</p>", baseURL: URL(string: "about:blank")!)
            #expect(
                try await webView.evaluateJavaScript("document.getElementById('y').textContent") == .string("blank"))
            #expect(try await webView.evaluateJavaScript("location.origin") == .string("null"))
            // The site on loopback is reachable from a public origin, as from a WKWebView.
            try await webView.loadHTML("<p>shop</p>", baseURL: Self.base)
            #expect(
                try await webView.evaluateJavaScript("fetch('\(site.base)/text').then(r => r.text())")
                    == .string("plain"))
            await webView.close()
        }
    }

    @Test func pageNavigationsWaitForTheDeciderButTheSDKsOwnLoadsDoNot() async throws {
        try await TestSite.run { site, host in
            let webView = try await host.makeWebView()
            let decided = Decisions(cancelling: ["/cancelled", "/form-target"])
            webView.navigationDecider = { request in decided.decide(request) }
            // Own loads are not offered; the redirect an own load leads to is.
            try await webView.load(URL(string: site.base + "/redirect?to=/page")!)
            #expect(decided.requests.map(\.url.path) == ["/page"])
            #expect(try await webView.evaluateJavaScript("document.title") == .string("page"))
            // A link the page follows, cancelled: the page stays.
            _ = try await webView.evaluateJavaScript("location.href = '/cancelled', true")
            try await waitUntil { decided.requests.count == 2 }
            #expect(
                decided.requests.last
                    == SwedbankPaySDK.WebNavigationRequest(url: URL(string: site.base + "/cancelled")!))
            // A form POST in the top-level document, with its body.
            _ = try await webView.evaluateJavaScript("document.getElementById('post').submit(), true")
            try await waitUntil { decided.requests.count == 3 }
            let post = try #require(decided.requests.last)
            #expect(post.method == "POST")
            #expect(post.isMainFrame && !post.isNewWindow)
            #expect(post.formFields.map { "\($0.name)=\($0.value)" } == ["cres=eyJ0In0", "note=a b"])
            #expect(try await webView.evaluateJavaScript("document.title") == .string("page"))
            // A frame: offered as not the main frame, and allowed.
            _ = try await webView.evaluateJavaScript(
                "var f = document.createElement('iframe'); f.src = '/frame'; document.body.appendChild(f), true")
            try await waitUntil { decided.requests.count == 4 }
            #expect(
                decided.requests.last
                    == SwedbankPaySDK.WebNavigationRequest(url: URL(string: site.base + "/frame")!, isMainFrame: false))
            // A server redirect to an app scheme is offered too (Chromium cannot open it).
            _ = try await webView.evaluateJavaScript("location.href = '/redirect?to=testapp://callback?x=1', true")
            try await waitUntil { decided.requests.count == 6 }
            #expect(
                decided.requests.suffix(2).map(\.url.absoluteString) == [
                    site.base + "/redirect?to=testapp://callback?x=1", "testapp://callback?x=1",
                ])
            #expect(try await webView.evaluateJavaScript("document.title") == .string("page"))
            await webView.close()
        }
    }

    @Test func popupsAreOfferedAsNewWindowsAndLoadedInPlaceWhenAllowed() async throws {
        try await TestSite.run { site, host in
            let webView = try #require(try await host.makeWebView() as? ChromiumWebView)
            let pages = try await host.browser.openPageCount()
            let decided = Decisions(cancelling: ["/terms"])
            webView.navigationDecider = { request in decided.decide(request) }
            try await webView.load(URL(string: site.base + "/page")!)
            _ = try await webView.evaluateJavaScript("window.open('/terms'), true")
            try await waitUntil { decided.requests.count == 1 }
            #expect(
                decided.requests
                    == [SwedbankPaySDK.WebNavigationRequest(url: URL(string: site.base + "/terms")!, isNewWindow: true)]
            )
            try await webView.page.click("#blank-link")
            try await webView.page.waitFor("document.title === 'other'", description: "the other page")
            #expect(
                decided.requests.last
                    == SwedbankPaySDK.WebNavigationRequest(url: URL(string: site.base + "/other")!, isNewWindow: true))
            #expect(try await webView.evaluateJavaScript("location.pathname") == .string("/other"))
            // No window was left open.
            #expect(try await host.browser.waitForOpenPageCount(pages), "the popup windows closed")
            await webView.close()
        }
    }

    @Test func failedLoadsAreReportedButCancelledOnesAreNot() async throws {
        try await TestSite.run { site, host in
            let webView = try await host.makeWebView()
            var failures: [SwedbankPaySDK.WebViewLoadFailure] = []
            webView.loadFailureHandler = {
                failures.append($0)
                Arrivals.anything.arrive()
            }
            let decided = Decisions(cancelling: ["/cancelled"])
            webView.navigationDecider = { request in decided.decide(request) }
            let refused = URL(string: "http://127.0.0.1:\(site.closedPort)/gone")!
            // The SDK's own load throws, and is not reported twice.
            let error = await #expect(throws: SwedbankPaySDK.WebViewLoadFailure.self) {
                try await webView.load(refused)
            }
            #expect(
                error == SwedbankPaySDK.WebViewLoadFailure(url: refused, description: "net::ERR_CONNECTION_REFUSED"))
            try await webView.load(URL(string: site.base + "/page")!)
            _ = try await webView.evaluateJavaScript("location.href = '/cancelled', true")
            try await waitUntil { decided.requests.count == 1 }
            _ = try await webView.evaluateJavaScript("location.href = \(Self.literal(refused.absoluteString)), true")
            try await waitUntil { !failures.isEmpty }
            #expect(
                failures == [
                    SwedbankPaySDK.WebViewLoadFailure(url: refused, description: "net::ERR_CONNECTION_REFUSED")
                ])
            await webView.close()
        }
    }

    @Test func messageHandlersReachTheCurrentDocumentAndLaterOnesUntilRemoved() async throws {
        try await TestSite.run { site, host in
            let webView = try await host.makeWebView()
            try await webView.load(URL(string: site.base + "/page")!)
            var received: [SwedbankPaySDK.JSONValue] = []
            try await webView.addMessageHandler(name: "swedbankpay") {
                received.append(.array([.string("first"), $0]))
                Arrivals.anything.arrive()
            }
            // In the document already shown.
            _ = try await webView.evaluateJavaScript(
                "window.webkit.messageHandlers.swedbankpay.postMessage({n: 1}), true")
            try await waitUntil { received.count == 1 }
            // Replaced, and in a later document, from its first script on.
            try await webView.addMessageHandler(name: "swedbankpay") {
                received.append(.array([.string("second"), $0]))
                Arrivals.anything.arrive()
            }
            try await webView.loadHTML(
                "<script>window.webkit.messageHandlers.swedbankpay.postMessage('early')</script>", baseURL: Self.base)
            try await waitUntil { received.count == 2 }
            #expect(
                received == [
                    .array([.string("first"), .object(["n": .integer(1)])]),
                    .array([.string("second"), .string("early")]),
                ])
            // Removed: later posts are dropped.
            await webView.removeMessageHandler(name: "swedbankpay")
            try await webView.loadHTML(
                "<script>window.webkit && window.webkit.messageHandlers.swedbankpay && window.webkit.messageHandlers.swedbankpay.postMessage('late'); document.title = 'done'</script>",
                baseURL: Self.base)
            #expect(try await webView.evaluateJavaScript("document.title") == .string("done"))
            _ = try await webView.evaluateJavaScript("1")
            #expect(received.count == 2)
            await webView.close()
        }
    }

    /// Only the top-level document's posts reach the app: a cross-origin frame posting the
    /// payment page's `onPaid`, by the handler or by calling the binding itself, is dropped.
    @Test func messagesFromAFrameAreNotDelivered() async throws {
        try await TestSite.run { site, host in
            let webView = try await host.makeWebView()
            var received: [SwedbankPaySDK.JSONValue] = []
            try await webView.addMessageHandler(name: "swedbankpay") {
                received.append($0)
                Arrivals.anything.arrive()
            }
            let frame = site.base.replacingOccurrences(of: "127.0.0.1", with: "localhost") + "/hostile"
            try await webView.loadHTML(
                """
                <script>
                window.addEventListener('message', function (event) {
                  if (event.data === 'posted') {
                    window.webkit.messageHandlers.swedbankpay.postMessage({ msg: 'fromTop', arg: null });
                  }
                });
                </script>
                <iframe src="\(frame)"></iframe>
                """, baseURL: URL(string: site.base + "/")!)
            try await waitUntil("the top document's post") { !received.isEmpty }
            _ = try await webView.evaluateJavaScript("1")
            #expect(received == [.object(["msg": .string("fromTop"), "arg": .null])])
            await webView.close()
        }
    }

    @Test func aLoadReplacedByANewerOneEndsQuietlyAndCloseEndsEverything() async throws {
        try await TestSite.run { site, host in
            let webView = try await host.makeWebView()
            let pages = try await host.browser.openPageCount()
            async let first: Void = webView.load(URL(string: site.base + "/slow")!)
            #expect(await site.slowRequests.wait(for: 1))
            try await webView.loadHTML("<title>newer</title>", baseURL: Self.base)
            try await first
            #expect(try await webView.evaluateJavaScript("document.title") == .string("newer"))

            var received = 0
            try await webView.addMessageHandler(name: "swedbankpay") { _ in received += 1 }
            webView.navigationDecider = { _ in .allow }
            webView.loadFailureHandler = { _ in }
            await webView.close()
            #expect(webView.navigationDecider == nil)
            #expect(webView.loadFailureHandler == nil)
            await #expect(throws: SwedbankPaySDK.WebViewLoadFailure.self) {
                try await webView.loadHTML("<p>after</p>", baseURL: Self.base)
            }
            await #expect(throws: BrowserHostError.self) { _ = try await webView.evaluateJavaScript("1") }
            // Chromium closes the tab shortly after it is asked to.
            #expect(try await host.browser.waitForOpenPageCount(pages - 1), "the tab closed")
            #expect(received == 0)
        }
    }

    static func literal(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }
}

/// A decider that records what it was asked and cancels the listed paths.
@MainActor
final class Decisions {
    private(set) var requests: [SwedbankPaySDK.WebNavigationRequest] = []
    let cancelling: Set<String>

    init(cancelling: Set<String>) {
        self.cancelling = cancelling
    }

    func decide(_ request: SwedbankPaySDK.WebNavigationRequest) -> SwedbankPaySDK.WebNavigationDecision {
        requests.append(request)
        Arrivals.anything.arrive()
        return cancelling.contains(request.url.path) ? .cancel : .allow
    }
}

/// A few pages on loopback, a port nothing listens on, and a browser with a `ChromiumWebViewHost`.
struct TestSite: Sendable {
    let base: String
    let closedPort: Int
    /// One arrival per request for `/slow`, as it comes in.
    let slowRequests: Arrivals

    @MainActor
    static func run(_ body: @MainActor (TestSite, ChromiumWebViewHost) async throws -> Void) async throws {
        let router = Router()
        let slowRequests = Arrivals()
        router.get("/page") { _, _ in
            html(
                """
                <title>page</title>
                <form id='post' method='POST' action='/form-target'><input name='cres' value='eyJ0In0'>\
                <input name='note' value='a b'></form>
                <a id='blank-link' target='_blank' href='/other'>other</a>
                """)
        }
        router.get("/other") { _, _ in html("<title>other</title>") }
        // A third-party page in a frame posting to the SDK's handler as the payment page would,
        // through the handler object and through the raw binding, then telling its parent.
        router.get("/hostile") { _, _ in
            html(
                """
                <script>
                window.webkit.messageHandlers.swedbankpay.postMessage({ msg: 'onPaid', arg: null });
                window.__browserHostPost(JSON.stringify({ name: 'swedbankpay', body: { msg: 'onPaid', arg: 'raw' } }));
                parent.postMessage('posted', '*');
                </script>
                """)
        }
        router.get("/frame") { _, _ in html("<title>frame</title>") }
        router.get("/text") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain", .accessControlAllowOrigin: "*"],
                body: .init(byteBuffer: ByteBuffer(string: "plain")))
        }
        router.get("/slow") { _, _ in
            slowRequests.arrive()
            // Deliberately slow: a page still loading when a newer load replaces it.
            try await Task.sleep(nanoseconds: 2_000_000_000)
            return html("<title>slow</title>")
        }
        router.get("/redirect") { request, _ in
            Response(status: .found, headers: [.location: request.uri.queryParameters["to"].map(String.init) ?? "/"])
        }
        let (listening, server) = await RunningServices.onLoopback(router, label: "TestSite")
        // Stopped below; this covers a throw before that (a second stop does nothing).
        defer { Task { await server.stop() } }
        let port = try #require(listening)
        let closedPort = try await freeLoopbackPort()
        let browser = try await BrowserHost.launch()
        do {
            try await body(
                TestSite(base: "http://127.0.0.1:\(port)", closedPort: closedPort, slowRequests: slowRequests),
                ChromiumWebViewHost(browser: browser))
        } catch {
            await browser.close()
            await server.stop()
            throw error
        }
        await browser.close()
        await server.stop()
    }

    static func html(_ text: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: "<!doctype html><html><body>\(text)</body></html>")))
    }

}

/// A loopback port that was free a moment ago and has no listener.
func freeLoopbackPort() async throws -> Int {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .bind(host: "127.0.0.1", port: 0).get()
    let port = channel.localAddress?.port ?? 0
    try await channel.close()
    return port
}

/// The `WebView` contract's dialogs in real Chromium: a page calling `alert`, `confirm` and
/// `prompt` is answered by the handler, and without one as an engine without a UI answers.
@MainActor @Suite(.serialized) struct ChromiumWebViewDialogTests {
    @Test func aPagesDialogsGoToTheHandlerAndItsAnswersBackToThePage() async throws {
        try await TestSite.run { _, host in
            let webView = try await host.makeWebView()
            var asked: [SwedbankPaySDK.WebDialog] = []
            webView.dialogHandler = { dialog in
                asked.append(dialog)
                switch dialog {
                case .alert: return .accepted
                case .confirm(let message): return message == "Pay 15.00 SEK?" ? .accepted : .dismissed
                case .prompt: return .text("4321")
                }
            }
            try await webView.loadHTML("<p>shop</p>", baseURL: ChromiumWebViewHostTests.base)
            let answers = try await webView.evaluateJavaScript(
                """
                (function () {
                  alert("Card saved");
                  return [confirm("Pay 15.00 SEK?"), prompt("Code from your bank", "0000"), confirm("Leave?")];
                })()
                """)
            #expect(answers == .array([.bool(true), .string("4321"), .bool(false)]))
            #expect(
                asked == [
                    .alert(message: "Card saved"), .confirm(message: "Pay 15.00 SEK?"),
                    .prompt(message: "Code from your bank", defaultText: "0000"), .confirm(message: "Leave?"),
                ])
            await webView.close()
        }
    }

    @Test func withoutAHandlerTheDialogsAreAnsweredAsWithoutAUI() async throws {
        try await TestSite.run { _, host in
            let webView = try await host.makeWebView()
            try await webView.loadHTML("<p>shop</p>", baseURL: ChromiumWebViewHostTests.base)
            let answers = try await webView.evaluateJavaScript(
                "(function () { alert('hi'); return [confirm('ok?'), prompt('code?', 'x')]; })()")
            #expect(answers == .array([.bool(false), .null]))
            let page = try #require(webView as? ChromiumWebView).page
            #expect(
                await page.dialogs == [
                    .alert(message: "hi"), .confirm(message: "ok?"), .prompt(message: "code?", defaultText: "x"),
                ])
            await webView.close()
        }
    }
}

/// Returns once `condition` holds, checking it again after each arrival of `Arrivals.anything`
/// (what these tests record announces itself there); fails the test after 10 s without.
@MainActor
func waitUntil(_ description: String = "the condition", _ condition: @MainActor () -> Bool) async throws {
    await Arrivals.settle(seconds: 10, until: condition)
    guard condition() else {
        Issue.record("timed out waiting for \(description)")
        throw BrowserHostError.timedOut(description)
    }
}
