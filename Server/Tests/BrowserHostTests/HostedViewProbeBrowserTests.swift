@testable import BrowserHost
import Foundation
import Hummingbird
import Testing

/// Temporary probe: can a public-origin page load scripts and frames from 127.0.0.1?
@Suite(.serialized) struct HostedViewProbeBrowserTests {
    @Test func probe() async throws {
        let router = Router()
        router.get("/s.js") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/javascript"], body: .init(byteBuffer: ByteBuffer(string: "window.loadedScript = true;")))
        }
        router.get("/f") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/html"], body: .init(byteBuffer: ByteBuffer(string: "<p id=x>frame</p><script>parent.postMessage({hi: location.origin}, '*')</script>")))
        }
        router.get("/r") { _, _ in
            Response(status: .seeOther, headers: [.location: "https://shop.example/back?x=1"])
        }
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            var it = ports.makeAsyncIterator()
            let port = try #require(await it.next())
            try await BrowserHost.withBrowser { browser in
                for base in ["https://shop.example/", "https://merchant.localhost/"] {
                let page = try await browser.newPage()
                for name in ["loopbackNetwork"] {
                    do {
                        _ = try await browser.connection.send("Browser.grantPermissions", ["permissions": .array([.string(name)]), "origin": .string(String(base.dropLast()))], sessionId: nil)
                        print("PROBE granted", name)
                    } catch { print("PROBE grant failed", name, error) }
                }
                try await page.loadHTML("<link rel=icon href='data:,'><div id=c></div><script src='http://127.0.0.1:\(port)/s.js'></script><script>window.addEventListener('message', function(e){ window.got = e.data.hi })</script><iframe src='http://localhost:\(port)/f'></iframe>", baseURL: URL(string: base)!)
                try? await page.waitFor("window.got", timeout: 3)
                print("PROBE", base, try await page.evaluate("window.loadedScript === true"), "got", try await page.evaluate("window.got"), await page.consoleErrors)
                await page.close()
                }
            }
            group.cancelAll()
        }
    }
}
