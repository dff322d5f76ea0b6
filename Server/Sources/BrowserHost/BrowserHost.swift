import Foundation
import Logging
import SwedbankPaySDK

/// Headless Chromium driven over the DevTools protocol: the web view of the SDK's web flows on
/// platforms without WebKit.
///
/// ```swift
/// try await BrowserHost.withBrowser { browser in
///     let page = try await browser.newPage()
///     try await page.loadHTML("<p id=x>hi</p>", baseURL: URL(string: "https://example.com/")!)
///     let text = try await page.evaluate("document.getElementById('x').textContent")
/// }
/// ```
public final class BrowserHost: Sendable {
    let chromium: ChromiumProcess
    let connection: DevToolsConnection
    let logger: Logger

    private init(chromium: ChromiumProcess, connection: DevToolsConnection, logger: Logger) {
        self.chromium = chromium
        self.connection = connection
        self.logger = logger
    }

    /// Starts Chromium (found as ``ChromiumProcess/locate()`` says) and connects to it.
    ///
    /// `trustedKeys` (base64 of the SHA-256 of a SubjectPublicKeyInfo, as
    /// `TLSIdentity.trustAnchorSPKIHashes` gives them) are keys whose certificates Chromium
    /// accepts beside its own roots: a server whose chain holds one of them is trusted, every
    /// other certificate error still stops the page.
    ///
    /// A process runs at most one browser per core at once: beyond that, `launch` waits until
    /// another browser is closed, so a test run that opens many cannot starve the servers it
    /// tests of CPU. Close every browser (``close()``, or use ``withBrowser(_:)``).
    public static func launch(
        startupTimeout: TimeInterval = 30, trustedKeys: [String] = [], logger: Logger = Logger(label: "BrowserHost")
    ) async throws -> BrowserHost {
        await BrowserSlots.shared.acquire()
        do {
            let chromium = try await ChromiumProcess.start(
                executable: ChromiumProcess.locate(), timeout: startupTimeout, trustedKeys: trustedKeys)
            do {
                let connection = try await DevToolsConnection.connect(url: chromium.webSocketURL, logger: logger)
                return BrowserHost(chromium: chromium, connection: connection, logger: logger)
            } catch {
                await chromium.stop()
                throw error
            }
        } catch {
            await BrowserSlots.shared.release()
            throw error
        }
    }

    /// Runs `body` with a fresh browser and always closes it afterwards, also when `body` throws.
    public static func withBrowser<Result: Sendable>(
        _ body: (BrowserHost) async throws -> Result
    ) async throws -> Result {
        let browser = try await launch()
        do {
            let result = try await body(browser)
            await browser.close()
            return result
        } catch {
            await browser.close()
            throw error
        }
    }

    /// The process id of the browser, for checking it is gone after ``close()``.
    public var processIdentifier: Int32 { chromium.process.processIdentifier }

    /// The throw-away profile directory; deleted by ``close()``.
    public var profileDirectory: URL { chromium.profile }

    /// Opens a new page (a tab) with a phone-sized viewport.
    public func newPage(width: Int = 390, height: Int = 844, deviceScaleFactor: Double = 1) async throws -> BrowserPage
    {
        let created = try await connection.send("Target.createTarget", ["url": .string("about:blank")])
        guard let targetId = created["targetId"]?.stringValue else {
            throw BrowserHostError.protocolError(method: "Target.createTarget", message: "no targetId")
        }
        let attached = try await connection.send(
            "Target.attachToTarget", ["targetId": .string(targetId), "flatten": .bool(true)])
        guard let sessionId = attached["sessionId"]?.stringValue else {
            throw BrowserHostError.protocolError(method: "Target.attachToTarget", message: "no sessionId")
        }
        let page = BrowserPage(connection: connection, targetId: targetId, sessionId: sessionId)
        try await page.start(width: width, height: height, deviceScaleFactor: deviceScaleFactor)
        return page
    }

    /// Lets pages of `origin` reach services on this machine (loopback), as a web view in an app
    /// may. Chromium's Local Network Access otherwise blocks a public page's requests to
    /// `127.0.0.1`; WKWebView has no such rule, so the SDK's pages need this to talk to a local
    /// sandbox or backend.
    public func allowLoopbackAccess(from origin: URL) async throws {
        var components = URLComponents()
        components.scheme = origin.scheme
        components.host = origin.host
        components.port = origin.port
        _ = try await connection.send(
            "Browser.grantPermissions",
            [
                "permissions": .array([.string("loopbackNetwork")]),
                "origin": .string(components.string ?? origin.absoluteString),
            ])
    }

    /// How many pages (tabs and windows) are open, the blank one Chromium starts with included.
    public func openPageCount() async throws -> Int {
        let targets = try await connection.send("Target.getTargets")["targetInfos"]?.arrayValue ?? []
        return targets.filter { $0.objectValue?["type"]?.stringValue == "page" }.count
    }

    /// Returns true once `count` pages are open — counted again after each page Chromium creates,
    /// destroys or changes (DevTools' target events) — or false after `seconds` without.
    public func waitForOpenPageCount(_ count: Int, seconds: Double = 10) async throws -> Bool {
        let events = await connection.events()
        _ = try await connection.send("Target.setDiscoverTargets", ["discover": .bool(true)])
        if try await openPageCount() == count { return true }
        return try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await event in events where event.method.hasPrefix("Target.target") {
                    if try await self.openPageCount() == count { return true }
                }
                return false
            }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                return false
            }
            let reached = try await group.next() ?? false
            group.cancelAll()
            return reached
        }
    }

    deinit {
        // A browser dropped without ``close()`` is killed by its process's deinit; its slot must
        // not stay taken, or later launches would wait forever.
        if !chromium.hasStopped { Task { await BrowserSlots.shared.release() } }
    }

    /// Closes the browser and deletes its profile. No Chromium process is left running.
    public func close() async {
        _ = try? await connection.send("Browser.close")
        await connection.close(reason: "closed by the host")
        if await chromium.stop() { await BrowserSlots.shared.release() }
    }
}
