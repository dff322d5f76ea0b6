import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

@testable import BrowserHost

/// These tests drive a real headless Chromium. Without one they fail, saying how to install it:
/// the test command installs it, so a missing browser is never skipped silently.
@Suite(.serialized) struct BrowserHostTests {
    @Test func loadsHTMLWithTheBaseURLAsOriginAndEvaluatesScript() async throws {
        try await BrowserHost.withBrowser { browser in
            let page = try await browser.newPage()
            try await page.loadHTML(
                "<html><body><p id='x'>hello</p></body></html>", baseURL: URL(string: "https://merchant.example/shop/")!
            )
            #expect(try await page.evaluate("document.getElementById('x').textContent") == .string("hello"))
            #expect(try await page.evaluate("location.origin") == .string("https://merchant.example"))
            #expect(try await page.evaluate("location.href") == .string("https://merchant.example/shop/"))
            #expect(try await page.evaluate("Promise.resolve(6 * 7)") == .integer(42))
            await #expect(throws: BrowserHostError.self) {
                _ = try await page.evaluate("(function(){ throw new Error('boom') })()")
            }
        }
    }

    /// A script that navigates and then waits for ever: the only answer Chromium can give is
    /// that the document went away — which `evaluate` throws and `perform` (clicks, reloads, Back)
    /// takes as the action having run.
    @Test func anActionWhoseNavigationCutsTheAnswerShortHasRun() async throws {
        try await BrowserHost.withBrowser { browser in
            let page = try await browser.newPage()
            let navigatesAway =
                "window.marker = 1, location.href = 'https://merchant.example/next', new Promise(function(){})"
            try await page.loadHTML("<p>first</p>", baseURL: URL(string: "https://merchant.example/")!)
            await #expect(
                throws: BrowserHostError.protocolError(
                    method: "Runtime.evaluate", message: "Inspected target navigated or closed")
            ) {
                _ = try await page.evaluate(navigatesAway)
            }
            try await page.loadHTML("<p>again</p>", baseURL: URL(string: "https://merchant.example/")!)
            #expect(try await page.perform(navigatesAway) == nil)
            try await page.waitFor("window.marker === undefined", description: "the next document")
        }
    }

    @Test func messageHandlersLookLikeWebKitsToPageScripts() async throws {
        let received = Received()
        try await BrowserHost.withBrowser { browser in
            let page = try await browser.newPage()
            try await page.addMessageHandler(name: "swedbankpay") { body in await received.add(body) }
            try await page.loadHTML(
                """
                <script>
                window.webkit.messageHandlers.swedbankpay.postMessage({msg: 'onPaid', arg: 7});
                window.webkit.messageHandlers.swedbankpay.postMessage('plain');
                </script>
                """, baseURL: URL(string: "https://merchant.example/")!)
            try await page.waitFor("true")
            #expect(await received.arrivals.wait(for: 2))
        }
        #expect(await received.values == [.object(["msg": .string("onPaid"), "arg": .integer(7)]), .string("plain")])
    }

    @Test func navigationsAreOfferedBeforeTheyHappenWithMethodFrameAndBody() async throws {
        try await BrowserHost.withBrowser { browser in
            let page = try await browser.newPage()
            await page.setNavigationDecider { request in
                request.url.host == "blocked.example" ? .cancel : .allow
            }
            try await page.loadHTML(
                """
                <form id='f' method='POST' action='https://blocked.example/notify'>
                <input name='cres' value='eyJ0cmFuc1N0YXR1cyI6IlkifQ'><input name='x' value='a b'></form>
                """, baseURL: URL(string: "https://merchant.example/")!)
            try await page.click("#f input")
            try await page.perform("document.getElementById('f').submit()")
            #expect(await page.waitForRecord { !$0.navigations.isEmpty })
            let navigation = try #require(await page.navigations.first)
            #expect(navigation.url == URL(string: "https://blocked.example/notify"))
            #expect(navigation.method == "POST")
            #expect(navigation.isMainFrame)
            #expect(navigation.formFields == ["cres": "eyJ0cmFuc1N0YXR1cyI6IlkifQ", "x": "a b"])
            // Cancelled: the page stays where it was.
            try await Task.sleep(nanoseconds: 200_000_000)
            #expect(try await page.currentURL() == URL(string: "https://merchant.example/"))
        }
    }

    @Test func framesAreReportedAsNotMainFrame() async throws {
        try await BrowserHost.withBrowser { browser in
            let page = try await browser.newPage()
            await page.setNavigationDecider { _ in .cancel }
            try await page.loadHTML(
                "<iframe src='https://frame.example/inner'></iframe>",
                baseURL: URL(string: "https://merchant.example/")!)
            #expect(await page.waitForRecord { !$0.navigations.isEmpty })
            let navigation = try #require(await page.navigations.first)
            #expect(navigation.url == URL(string: "https://frame.example/inner"))
            #expect(!navigation.isMainFrame)
        }
    }

    @Test func popupsAreReportedAndScreenshotsArePNGs() async throws {
        try await BrowserHost.withBrowser { browser in
            let page = try await browser.newPage()
            try await page.loadHTML(
                "<a id='a' target='_blank' href='https://terms.example/tos'>terms</a><p style='color:red'>x</p>",
                baseURL: URL(string: "https://merchant.example/")!)
            try await page.click("#a")
            #expect(await page.waitForRecord { !$0.popups.isEmpty })
            #expect(await page.popups == [URL(string: "https://terms.example/tos")!])
            let png = try await page.screenshot()
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    @Test func consoleErrorsAndTypingAreVisible() async throws {
        try await BrowserHost.withBrowser { browser in
            let page = try await browser.newPage()
            try await page.loadHTML(
                "<input id='i'><script>console.error('bad thing', 42); setTimeout(function(){ undefinedFunction() }, 0)</script>",
                baseURL: URL(string: "https://merchant.example/")!)
            try await page.type("4925 0000 0000 0004", into: "#i")
            #expect(try await page.evaluate("document.getElementById('i').value") == .string("4925 0000 0000 0004"))
            #expect(await page.waitForRecord { $0.consoleErrors.count >= 2 })
            let errors = await page.consoleErrors
            #expect(errors.first == "bad thing 42")
            #expect(errors.contains { $0.contains("undefinedFunction is not defined") })
            await #expect(throws: BrowserHostError.elementNotFound("#missing")) { try await page.click("#missing") }
            await #expect(throws: BrowserHostError.self) { try await page.waitFor("false", timeout: 0.2) }
        }
    }

    @Test func scriptsRunInsideACrossOriginFrame() async throws {
        try await BrowserHost.withBrowser { browser in
            let page = try await browser.newPage()
            let frameHTML = "<button id='b' onclick='document.title=`clicked`'>Pay</button><input id='n'>"
            try await page.loadHTML(
                "<iframe src='data:text/html,\(frameHTML.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)'></iframe>",
                baseURL: URL(string: "https://merchant.example/")!)
            try await page.waitFor("document.querySelector('#b')", in: .urlPrefix("data:"), description: "the frame")
            try await page.type("4925", into: "#n", in: .urlPrefix("data:"))
            try await page.click("#b", in: .urlPrefix("data:"))
            #expect(try await page.evaluate("document.title", in: .urlPrefix("data:")) == .string("clicked"))
            #expect(
                try await page.evaluate("document.querySelector('#n').value", in: .urlPrefix("data:"))
                    == .string("4925"))
            #expect(try await page.frameURLs().first == "https://merchant.example/")
            await #expect(throws: BrowserHostError.self) {
                _ = try await page.evaluate("1", in: .urlPrefix("https://none/"))
            }
        }
    }

    @Test func waitForIsWokenByThePageNotByATimer() async throws {
        try await BrowserHost.withBrowser { browser in
            let page = try await browser.newPage()
            try await page.loadHTML(
                "<script>setTimeout(function () { document.body.append(document.createElement('hr')); }, 300)</script>",
                baseURL: URL(string: "https://merchant.example/")!)
            // Counted in the page: once when the wait begins, once at the element's arrival. A
            // check every 50 ms would count about seven.
            try await page.waitFor("(window.checks = (window.checks || 0) + 1) && document.querySelector('hr')")
            #expect(try await page.evaluate("window.checks") == .integer(2))

            // A wait begun in one document ends in the document that replaces it.
            async let second: Void = page.waitFor("document.querySelector('#second')", description: "the second page")
            try await page.loadHTML("<p id='second'>2</p>", baseURL: URL(string: "https://merchant.example/2")!)
            try await second

            // A frame that comes later is waited for too.
            let frame = "<p id='inside'>in</p>".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            _ = try await page.evaluate(
                """
                setTimeout(function () {
                  var f = document.createElement('iframe'); f.src = 'data:text/html,\(frame)'; document.body.append(f);
                }, 100), true
                """)
            try await page.waitFor(
                "document.querySelector('#inside')", in: .urlPrefix("data:"), description: "the frame")
        }
    }

    @Test func closingLeavesNoChromiumProcess() async throws {
        let browser = try await BrowserHost.launch()
        let pid = browser.processIdentifier
        let profile = browser.profileDirectory
        _ = try await browser.newPage()
        #expect(Self.processes(mentioning: profile.path) > 0)
        await browser.close()
        #expect(kill(pid, 0) != 0)
        #expect(!FileManager.default.fileExists(atPath: profile.path))
        // Renderer and zygote processes go with the browser.
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(Self.processes(mentioning: profile.path) == 0)
    }

    /// The number of processes whose command line mentions `text`.
    static func processes(mentioning text: String) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard Int(entry) != nil,
                let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return false }
            return String(decoding: data, as: UTF8.self).contains(text)
        }.count
    }
}

actor Received {
    var values: [SwedbankPaySDK.JSONValue] = []
    /// One arrival per message.
    nonisolated let arrivals = Arrivals()
    func add(_ value: SwedbankPaySDK.JSONValue) {
        values.append(value)
        arrivals.arrive()
    }
}

/// Without Chromium the browser tests fail (they are never skipped), with a message saying how to
/// install it.
@Suite struct ChromiumLocatorTests {
    @Test func aMissingBrowserIsAnErrorThatSaysWhatToInstall() throws {
        let error = #expect(throws: BrowserHostError.self) {
            _ = try ChromiumProcess.locate(environment: ["PATH": "/nonexistent"])
        }
        #expect(
            error
                == .chromiumNotFound(searched: [
                    "chromium", "chromium-browser", "google-chrome", "google-chrome-stable",
                ]))
        #expect(error?.description.contains("apt-get install -y chromium") == true)
        #expect(error?.description.contains("CHROMIUM_PATH") == true)
    }
}
