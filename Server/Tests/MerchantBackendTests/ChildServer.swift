import AsyncHTTPClient
import Foundation
import ServerSupport
import Synchronization

/// A server run as a child process of the tests (`swedbankpay`, nginx), for tests that need a
/// real process to kill, restart or balance. Output goes to `log` when one is given.
struct ChildServer: Sendable {
    let process: ChildProcess
    /// `http://127.0.0.1:<port>`.
    let url: String

    /// Starts `executable` and waits until `GET <url><healthPath>` answers 200 — and, with
    /// `readyText`, until the child's standard output says so too. Nil when the process ends
    /// first (its port was taken meanwhile, say): the caller may try other ports.
    /// `log` takes standard output and error together; `output` and `errors` each one of them.
    ///
    /// `readyText` proves the answer came from this child: a free port handed out by the system
    /// can be taken by another test's server before the child binds it, and that server answers
    /// the health route too (seen in a clean-clone run: a test then talked to a stranger).
    static func launch(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], url: String,
        healthPath: String = "/healthz", readyText: String? = nil, log: URL? = nil, output: URL? = nil,
        errors: URL? = nil
    ) async throws -> ChildServer? {
        // Standard output must be readable to find the ready text in it.
        var output = output
        if readyText != nil, output == nil, log == nil {
            output = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).out")
        }
        let printed = output ?? log
        func appending(to file: URL) throws -> FileHandle {
            if !FileManager.default.fileExists(atPath: file.path) {
                _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            }
            let handle = try FileHandle(forWritingTo: file)
            handle.seekToEndOfFile()
            return handle
        }
        let logHandle = try log.map(appending)
        let outputHandle = try output.map(appending) ?? logHandle
        let errorHandle = try errors.map(appending) ?? logHandle
        let process = try ChildProcess.launch(
            executable, arguments: arguments,
            environment: environment.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(environment) { $1 },
            standardOutput: outputHandle, standardError: errorHandle)
        // The child has its own copies of the descriptors.
        for handle in [logHandle, output == nil ? nil : outputHandle, errors == nil ? nil : errorHandle] {
            try? handle?.close()
        }
        LeftoverChildren.shared.add(process.processIdentifier)
        let server = ChildServer(process: process, url: url)
        // No event tells that another process listens: ask its health route until it answers.
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline, process.isRunning {
            if let health = try? await HTTPClient.shared.answer(.GET, url + healthPath, timeout: .seconds(2)),
                health.status == 200, Self.said(readyText, in: printed)
            {
                return server
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        guard process.isRunning else { return nil }
        await server.terminate()
        throw StartTimeout(executable: executable.lastPathComponent, url: url)
    }

    /// Whether `file` holds `text` (always true without a text to look for).
    private static func said(_ text: String?, in file: URL?) -> Bool {
        guard let text else { return true }
        guard let file, let content = try? String(contentsOf: file, encoding: .utf8) else { return false }
        return content.contains(text)
    }

    struct StartTimeout: Error, CustomStringConvertible {
        let executable: String
        let url: String
        var description: String { "\(executable) did not answer at \(url) within 30 seconds" }
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
    /// cooperative pool, which would stall every other test of this process meanwhile.
    private func exited() async {
        _ = await process.exitStatus()
        LeftoverChildren.shared.remove(process.processIdentifier)
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
