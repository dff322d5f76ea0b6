import BrowserHost
import Foundation
import SwedbankPaySDK
import Testing

/// Not checks but a command (`docs/sandbox.md`, "Hosted views"): screenshots of the sandbox's
/// pages at 390×844 into `screenshots/` (git-ignored), and the time the v3 hosted view takes to
/// load to `OnCheckoutLoaded`. Runs only when asked:
///
///     cd Server && HOSTED_VIEW_FIGURES=1 swift test --filter HostedViewFiguresBrowserTests
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["HOSTED_VIEW_FIGURES"] == "1"))
struct HostedViewFiguresBrowserTests {
    typealias Page = HostedViewMerchantPage

    /// `screenshots/` at the repository root, or `$SCREENSHOTS_DIR`.
    static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["SCREENSHOTS_DIR"] { return URL(fileURLWithPath: path) }
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("screenshots", isDirectory: true)
    }

    static func save(_ page: BrowserPage, _ name: String) async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name + ".png")
        try await page.screenshot().write(to: file)
        print("wrote \(file.path)")
    }

    /// Returns once `frame` has drawn two frames since now: what a click or a scroll changed is
    /// painted, so the screenshot shows it (an event of the page, not a pause).
    static func painted(_ page: BrowserPage, in frame: BrowserPage.Frame) async throws {
        _ = try await page.evaluate(
            "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))", in: frame)
    }

    @Test func screenshots() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder { $0["payer"] = .object(["payerReference": .string("payer-1")]) }
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.checkout(scriptURL: order.scriptURL), into: page)
            let menu = sandbox.menu(order)
            _ = try await recorder.wait(for: "generalEvent:OnCheckoutLoaded")
            try await page.click("#choose-CreditCard", in: menu)
            try await Self.painted(page, in: menu)
            try await Self.save(page, "payment-menu")

            try await page.type("5226 6121 9953 3406", into: "#card-number", in: menu)
            try await page.type("12/30", into: "#card-expiry", in: menu)
            try await page.type("123", into: "#card-cvc", in: menu)
            try await page.click("#pay-card", in: menu)
            try await page.waitFor("document.querySelector('#approve button')", in: sandbox.subview(order, "acs"))
            _ = try await page.evaluate("document.querySelector('#subview').scrollIntoView(), true", in: menu)
            _ = try await page.evaluate("document.querySelector('#checkout iframe').scrollIntoView(), true")
            try await Self.painted(page, in: menu)
            try await Self.save(page, "challenge")

            let bank = try await sandbox.createOrder()
            _ = try await sandbox.call(
                "POST", "/checkout/frame/\(bank.viewToken)/attempts", body: .object(["instrument": .string("Trustly")]))
            let other = try await sandbox.browser.newPage()
            try await other.navigate(
                to: URL(
                    string: sandbox.base.replacingOccurrences(of: "127.0.0.1", with: "localhost")
                        + "/sandbox/bank/\(bank.viewToken)")!)
            try await Self.save(other, "bank")

            let target = "https%3A%2F%2Fshop.example%2Fpay%3Forder%3D1"
            if try await other.navigate(
                to: URL(
                    string: sandbox.base
                        + "/externalresourcehost/trampoline?target=\(target)&language=sv-SE&app=Example%20Shop")!)
                == nil,
                try await other.evaluate("!!document.querySelector('a')") == .bool(true)
            {
                try await Self.save(other, "trampoline")
            }

            // One order in the Node.js example backend's shape, so the dashboard shows its warning.
            _ = try await sandbox.createOrder {
                $0["payeeInfo"] = .object([
                    "payeeId": .string("5cabf558-5283-482f-b252-4d58e06f6f3b"), "payeeReference": .integer(1_234),
                ])
            }
            try await other.navigate(to: URL(string: sandbox.base + "/sandbox/")!)
            try await other.waitFor(
                "document.querySelector('#orders-table tbody tr') && document.querySelector('#requests-table td.warning')"
            )
            try await Self.save(other, "dashboard")
        }
    }

    @Test func timeToCheckoutLoaded() async throws {
        try await HostedViewSandbox.run { sandbox in
            let marker = """
                onCheckoutLoaded: function (e) { window.checkoutLoadedAt = performance.now(); post("loaded", e); },
                """
            var samples: [String: [Double]] = [:]
            // Navigation start → the event in the page; the view script's and the menu frame's
            // fetches (resource timing, start → end) for where the time goes.
            let probe = """
                (function () {
                  var entries = performance.getEntriesByType("resource");
                  function span(type) {
                    var found = entries.filter(function (e) { return e.initiatorType === type; })[0];
                    return found ? found.responseEnd - found.startTime : -1;
                  }
                  return JSON.stringify({ event: window.checkoutLoadedAt, script: span("script"), frame: span("iframe"),
                    onload: performance.getEntriesByType("navigation")[0].loadEventStart });
                })()
                """
            for round in 0..<21 {
                let order = try await sandbox.createOrder()
                let (page, recorder) = try await sandbox.sdkPage()
                let started = ContinuousClock.now
                try await sandbox.load(Page.checkout(scriptURL: order.scriptURL, extraHandlers: marker), into: page)
                _ = try await recorder.wait(for: "loaded")
                let elapsed = ContinuousClock.now - started
                let text = try await page.evaluate(probe).stringValue ?? "{}"
                let values = try JSONDecoder().decode([String: Double].self, from: Data(text.utf8))
                await page.close()
                // The first load warms Chromium and the sandbox's code paths; it is not counted.
                guard round > 0 else { continue }
                for (name, value) in values { samples[name, default: []].append(value) }
                samples["wall", default: []].append(
                    Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
            }
            func median(_ values: [Double]) -> Double {
                let sorted = values.sorted()
                return (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
            }
            func line(_ name: String, _ label: String) -> String {
                let values = samples[name] ?? [0, 0]
                return String(
                    format: "  %@: median %.1f ms (min %.1f, max %.1f)", label, median(values), values.min() ?? 0,
                    values.max() ?? 0)
            }
            print(
                """
                v3 hosted view to OnCheckoutLoaded, \(samples["event"]?.count ?? 0) loads:
                \(line("event", "in the page, navigation start → OnCheckoutLoaded"))
                \(line("wall", "in Swift, loadHTML called → OnCheckoutLoaded seen"))
                \(line("script", "view script fetch"))
                \(line("onload", "merchant page load event (script loaded, open() called)"))
                \(line("frame", "menu frame document fetch"))
                """)
        }
    }
}
