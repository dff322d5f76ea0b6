import AsyncHTTPClient
import Foundation
import ServerSupport
import Synchronization

/// A server run as a child process of the tests (`swedbankpay`, nginx), for tests that need a
/// real process to kill, restart or balance. Its output is an event stream (``ChildOutput``), and
/// goes to `log` (or `output` and `errors`) too when given.
struct ChildServer: Sendable {
    let process: ChildProcess
    /// `http://127.0.0.1:<port>`.
    let url: String
    /// Each line the child writes, as it comes.
    let output: ChildOutput

    /// Starts `executable` and returns once its output says `readyText` and `GET <url><healthPath>`
    /// then answers 200 (a nil `healthPath` skips that: a server over HTTPS with a certificate
    /// made at start, which the caller checks with a client trusting it). Nil when the process ends first (its port was taken meanwhile, say): the
    /// caller may try other ports. `log` takes standard output and error together; `output` and
    /// `errors` each one of them.
    ///
    /// `readyText` proves the answer came from this child, which a health answer alone does not:
    /// a free port handed out by the system can be taken by another test's server before the
    /// child binds it, and that server answers the health route too (seen in a clean-clone run: a
    /// test then talked to a stranger). The child says it once it listens, so no polling is needed.
    static func launch(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], url: String,
        healthPath: String? = "/healthz", readyText: String, log: URL? = nil, output: URL? = nil,
        errors: URL? = nil
    ) async throws -> ChildServer? {
        func appending(to file: URL) throws -> FileHandle {
            if !FileManager.default.fileExists(atPath: file.path) {
                _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            }
            let handle = try FileHandle(forWritingTo: file)
            handle.seekToEndOfFile()
            return handle
        }
        let logHandle = try log.map(appending)
        let lines = ChildOutput(
            output: try output.map(appending) ?? logHandle, errors: try errors.map(appending) ?? logHandle)
        let process = try ChildProcess.launch(
            executable, arguments: arguments,
            environment: environment.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(environment) { $1 },
            standardOutput: lines.childOutput, standardError: lines.childErrors)
        // The child has its own copies of the write ends: the pipes end when it does.
        try? lines.childOutput.close()
        try? lines.childErrors.close()
        lines.start()
        LeftoverChildren.shared.add(process.processIdentifier)
        let server = ChildServer(process: process, url: url, output: lines)
        switch await lines.line(containing: readyText, within: 30) {
        case .line:
            break
        case .ended:
            // Its output ends as it exits.
            await server.exited()
            return nil
        case .timedOut:
            await server.terminate()
            throw StartTimeout(
                executable: executable.lastPathComponent, url: url, reason: "did not say \(readyText) within 30 s")
        }
        guard let healthPath else { return server }
        let health = try? await HTTPClient.shared.answer(.GET, url + healthPath, timeout: .seconds(10))
        guard health?.status == 200 else {
            await server.terminate()
            throw StartTimeout(
                executable: executable.lastPathComponent, url: url,
                reason: "said it was ready, then \(healthPath) answered \(health.map { "\($0.status)" } ?? "nothing")")
        }
        return server
    }

    struct StartTimeout: Error, CustomStringConvertible {
        let executable: String
        let url: String
        let reason: String
        var description: String { "\(executable) did not start at \(url): \(reason)" }
    }

    /// Ends the process at once (SIGKILL), as a crash or an OOM kill would.
    func kill() async {
        process.kill()
        await exited()
    }

    /// Asks the process to stop (SIGTERM) and waits until it has.
    func terminate() async {
        if process.isRunning { process.terminate() }
        await exited()
    }

    /// Waits for the process to end — on a thread of its own (`exitStatus()`), not one of the
    /// cooperative pool, which would stall every other test of this process meanwhile — and for
    /// the last of its output to be read and copied.
    private func exited() async {
        _ = await process.exitStatus()
        LeftoverChildren.shared.remove(process.processIdentifier)
        await output.closed()
    }
}

/// The children still running. A test that fails half-way (a `#require`, a thrown error) may not
/// reach its `terminate()`; when the test process exits, whatever is left here gets SIGKILL, so
/// no server outlives the run and holds its port or database.
final class LeftoverChildren: Sendable {
    static let shared = LeftoverChildren()
    private let running = Mutex<Set<pid_t>>([])

    private init() {
        atexit {
            for pid in LeftoverChildren.shared.running.withLock({ $0 }) { kill(pid, SIGKILL) }
        }
    }

    func add(_ pid: pid_t) { _ = running.withLock { $0.insert(pid) } }
    func remove(_ pid: pid_t) { _ = running.withLock { $0.remove(pid) } }
}
