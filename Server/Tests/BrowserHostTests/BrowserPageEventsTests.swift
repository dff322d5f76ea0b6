import BrowserHost
import Foundation
import SwedbankPaySDK
import Testing

/// What `BrowserPage` itself reports beyond the decider's requests: redirects marked as such, a
/// redirect to an app scheme offered and stopped, loads it was told not to offer, failed loads,
/// and handlers that stop when removed.
@MainActor @Suite(.serialized) struct BrowserPageEventsTests {
    @Test func redirectsAreMarkedAndAppSchemeRedirectsAreOfferedAndStopped() async throws {
        try await TestSite.run { site, host in
            let page = try await host.browser.newPage()
            await page.setNavigationDecider { _ in .allow }
            // Not offered itself; the redirect it leads to is.
            #expect(try await page.navigate(to: URL(string: site.base + "/redirect?to=/page")!, offered: false) == nil)
            #expect(
                await page.navigations == [
                    NavigationRequest(
                        url: URL(string: site.base + "/page")!, method: "GET", isMainFrame: true, isRedirect: true)
                ])
            let error = try await page.navigate(to: URL(string: site.base + "/redirect?to=testapp://back?a=1")!)
            #expect(error == "net::ERR_ABORTED")
            #expect(
                await page.navigations.suffix(2) == [
                    NavigationRequest(
                        url: URL(string: site.base + "/redirect?to=testapp://back?a=1")!, method: "GET",
                        isMainFrame: true),
                    NavigationRequest(
                        url: URL(string: "testapp://back?a=1")!, method: "GET", isMainFrame: true, isRedirect: true),
                ])
            #expect(try await page.currentURL() == URL(string: site.base + "/page"))
            #expect(await page.loadFailures == [])
        }
    }

    @Test func failedLoadsAreReportedWithChromiumsErrorName() async throws {
        try await TestSite.run { site, host in
            let page = try await host.browser.newPage()
            let refused = URL(string: "http://127.0.0.1:\(site.closedPort)/")!
            #expect(try await page.navigate(to: refused, waitForLoad: false) == "net::ERR_CONNECTION_REFUSED")
            try await page.navigate(to: URL(string: site.base + "/page")!)
            await page.setNavigationDecider { $0.url.path == "/cancelled" ? .cancel : .allow }
            _ = try await page.evaluate("location.href = '/cancelled', true")
            #expect(await page.waitForRecord { $0.navigations.last?.url.path == "/cancelled" })
            #expect(await page.loadFailures == [LoadFailure(url: refused, errorText: "net::ERR_CONNECTION_REFUSED")])
        }
    }

    @Test func aRemovedHandlerHearsNothingMore() async throws {
        try await TestSite.run { site, host in
            let page = try await host.browser.newPage()
            let received = Received()
            try await page.addMessageHandler(name: "h") { await received.add($0) }
            try await page.navigate(to: URL(string: site.base + "/page")!)
            _ = try await page.evaluate("window.webkit.messageHandlers.h.postMessage(1), true")
            #expect(await received.arrivals.wait(for: 1))
            await page.removeMessageHandler(name: "h")
            _ = try await page.evaluate("window.webkit.messageHandlers.h.postMessage(2), true")
            try await page.navigate(to: URL(string: site.base + "/other")!)
            #expect(
                try await page.evaluate("typeof (window.webkit && window.webkit.messageHandlers.h)")
                    == .string("undefined"))
            #expect(await received.values == [.integer(1)])
        }
    }
}
