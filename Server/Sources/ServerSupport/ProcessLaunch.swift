import Foundation

/// Starts child processes one at a time, across every caller in this process.
///
/// Foundation's `Process.run()` on Linux crashed in a test run (a bad pointer while it copied the
/// arguments) with several browsers starting at once. The browser host and the tests that run
/// servers as child processes all launch through here, so no two launches overlap.
public enum ProcessLaunch {
    private static let lock = NSLock()

    /// Runs `process` (already configured) while no other launch is under way.
    public static func run(_ process: Process) throws {
        try lock.withLock { try process.run() }
    }
}
