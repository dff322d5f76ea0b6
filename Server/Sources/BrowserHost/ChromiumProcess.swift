import Foundation
import ServerSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A headless Chromium with a throw-away profile, its DevTools endpoint on a free loopback port.
///
/// `stop()` ends it and deletes the profile; `deinit` kills it and deletes the profile as a last
/// resort, so a failing test leaves no browser behind.
///
/// Every wait here is a `Task.sleep`, never a blocking sleep: Swift's cooperative pool has one
/// thread per core, and a launch or shutdown that held one for seconds stalled every other task
/// of the process — the servers of tests running beside it timed out.
final class ChromiumProcess: @unchecked Sendable {
    let process: ChildProcess
    let profile: URL
    /// `ws://127.0.0.1:<port>/devtools/browser/<id>`
    let webSocketURL: String
    private let lock = NSLock()
    private var stopped = false

    static let candidates = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

    /// The Chromium executable: `$CHROMIUM_PATH`, else the first candidate on `$PATH`.
    static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(BrowserHostError) -> URL {
        if let path = environment["CHROMIUM_PATH"], FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in candidates {
            for directory in directories {
                let path = directory + "/" + name
                if FileManager.default.isExecutableFile(atPath: path) { return URL(fileURLWithPath: path) }
            }
        }
        throw .chromiumNotFound(searched: candidates)
    }

    private init(process: ChildProcess, profile: URL, webSocketURL: String) {
        self.process = process
        self.profile = profile
        self.webSocketURL = webSocketURL
    }

    /// Starts Chromium and waits (up to `timeout` seconds) for its DevTools endpoint; it accepts
    /// certificates whose chain holds one of `trustedKeys` (SPKI SHA-256, base64).
    static func start(
        executable: URL, timeout: TimeInterval = 30, trustedKeys: [String] = []
    ) async throws(BrowserHostError) -> ChromiumProcess {
        let profile = FileManager.default.temporaryDirectory
            .appendingPathComponent("browserhost-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        } catch {
            throw .launchFailed("cannot create a profile directory: \(error)")
        }
        // Only these keys, not every certificate error (`--ignore-certificate-errors`): a page
        // whose server presents anything else still fails as it would for a payer. Chromium
        // honours the list only with a profile of its own (`--user-data-dir`), which this is.
        let trust =
            trustedKeys.isEmpty ? [] : ["--ignore-certificate-errors-spki-list=" + trustedKeys.joined(separator: ",")]
        var arguments = [
            "--headless=new",
            "--remote-debugging-port=0",
            "--remote-debugging-address=127.0.0.1",
            // The WebSocket client is not a browser page; allow its upgrade request.
            "--remote-allow-origins=*",
            "--user-data-dir=\(profile.path)",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--metrics-recording-only",
            "--mute-audio",
            "--disable-breakpad",
            "--disable-crash-reporter",
            // Keep cross-site iframes (the hosted payment menu) in the page's process, so one
            // DevTools session sees and intercepts every frame's navigations.
            "--disable-site-isolation-trials",
            "--disable-features=IsolateOrigins,site-per-process",
            // Chromium refuses to run as root with its sandbox; CI machines run tests as root.
            "--no-sandbox",
            "about:blank",
        ]
        arguments.insert(contentsOf: trust, at: 0)
        let process: ChildProcess
        do {
            process = try ChildProcess.launch(executable, arguments: arguments)
        } catch {
            try? FileManager.default.removeItem(at: profile)
            throw .launchFailed("\(executable.path) could not be run: \(error)")
        }
        let portFile = profile.appendingPathComponent("DevToolsActivePort")
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1_000))
        var endpoint: String?
        while ContinuousClock.now < deadline, process.isRunning {
            if let text = try? String(contentsOf: portFile, encoding: .utf8) {
                let lines = text.split(separator: "\n").map(String.init)
                if lines.count >= 2, let port = Int(lines[0]) {
                    endpoint = "ws://127.0.0.1:\(port)\(lines[1])"
                    break
                }
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        guard let endpoint else {
            let reason =
                process.isRunning
                ? "no DevTools endpoint after \(Int(timeout)) s"
                : "it exited with status \(process.terminationStatus ?? -1)"
            if process.isRunning { process.terminate() }
            try? FileManager.default.removeItem(at: profile)
            throw .launchFailed(reason)
        }
        return ChromiumProcess(process: process, profile: profile, webSocketURL: endpoint)
    }

    /// Ends Chromium (politely, then by force after two seconds) and deletes its profile.
    /// Returns whether this call stopped it (false when it was stopped before).
    @discardableResult
    func stop() async -> Bool {
        guard markStopped() else { return false }
        if process.isRunning {
            process.terminate()
            let deadline = ContinuousClock.now + .seconds(2)
            while process.isRunning && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
            if process.isRunning { process.kill() }
            while process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
        }
        // Helper processes may still flush a file or two into the profile as they exit; remove
        // until it stays gone.
        for _ in 0..<20 {
            try? FileManager.default.removeItem(at: profile)
            try? await Task.sleep(for: .milliseconds(50))
            if !FileManager.default.fileExists(atPath: profile.path) { break }
        }
        return true
    }

    /// Whether ``stop()`` has been called.
    var hasStopped: Bool { lock.withLock { stopped } }

    /// Whether this call is the first to stop the browser.
    private func markStopped() -> Bool {
        lock.withLock {
            defer { stopped = true }
            return !stopped
        }
    }

    deinit {
        // Nothing can be awaited here: kill at once rather than wait for a polite exit.
        if markStopped() {
            if process.isRunning { process.kill() }
            try? FileManager.default.removeItem(at: profile)
        }
    }
}
