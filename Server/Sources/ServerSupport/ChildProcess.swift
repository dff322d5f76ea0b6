#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process (the browser host's Chromium, the servers and nginx the tests run), started with
/// `posix_spawn` directly.
///
/// Not Foundation's `Process`: on Linux its `run()` reads `/proc/self/fd` with an over-read of each
/// directory entry and crashes now and then (swift-corelibs-foundation pull request 5472, still in
/// the Swift 6.3 toolchain) — seen here as a SIGSEGV in `Process.run()` in the middle of a test run.
/// The child gets standard input from `/dev/null`, the given output and error (or `/dev/null`),
/// no other descriptor of this process, and a process group of its own, as `Process` gives it.
public final class ChildProcess: Sendable {
    /// The child's process id.
    public let processIdentifier: pid_t
    /// The raw wait status once the child has ended and was reaped here.
    private let waitStatus = Mutex<Int32?>(nil)

    private init(processIdentifier: pid_t) {
        self.processIdentifier = processIdentifier
    }

    /// Starts `executable` with `arguments`; `environment` replaces this process's environment
    /// when given. Throws the `posix_spawn` error (as a POSIX error) when the child cannot start.
    public static func launch(
        _ executable: URL, arguments: [String], environment: [String: String]? = nil,
        standardOutput: FileHandle? = nil, standardError: FileHandle? = nil
    ) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (handle, target) in [(standardOutput, Int32(1)), (standardError, Int32(2))] {
            if let handle {
                posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            }
        }
        closeInheritedDescriptors(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp ?? [] { free(pointer) }
        }
        var pid = pid_t()
        let result = executable.path.withCString { path in
            if let envp { return posix_spawn(&pid, path, &actions, &attributes, argv, envp) }
            return posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        }
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        return ChildProcess(processIdentifier: pid)
    }

    /// Whether the child still runs (it is reaped here once it has ended).
    public var isRunning: Bool {
        waitStatus.withLock { status in
            if status != nil { return false }
            var raw: Int32 = 0
            let reaped = waitpid(processIdentifier, &raw, WNOHANG)
            if reaped == 0 { return true }
            // -1: no such child of ours any more; nothing more will be learned about it.
            status = reaped == processIdentifier ? raw : -1
            return false
        }
    }

    /// How the child ended: its exit code, or 128 plus the signal that ended it; nil while it runs.
    public var terminationStatus: Int32? {
        guard !isRunning, let raw = waitStatus.withLock({ $0 }) else { return nil }
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
    }

    /// Waits for the child to end (on a thread of its own, not the cooperative pool) and returns
    /// how it ended, as ``terminationStatus``.
    public func exitStatus() async -> Int32 {
        if let status = terminationStatus { return status }
        let pid = processIdentifier
        let raw: Int32 = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var raw: Int32 = 0
                let reaped = waitpid(pid, &raw, 0)
                continuation.resume(returning: reaped == pid ? raw : -1)
            }
        }
        waitStatus.withLock { status in
            if status == nil { status = raw }
        }
        return terminationStatus ?? -1
    }

    /// Asks the child to stop (SIGTERM).
    public func terminate() { _ = Foundation.kill(processIdentifier, SIGTERM) }

    /// Ends the child at once (SIGKILL), as a crash or an OOM kill would.
    public func kill() { _ = Foundation.kill(processIdentifier, SIGKILL) }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later) closes every descriptor
    /// from 3 in the child; the headers declare it only for GNU sources, so it is looked up. Without
    /// it the child inherits this process's descriptors (NIO's sockets are close-on-exec anyway).
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        #if os(Linux)
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        // A nil handle is RTLD_DEFAULT on glibc: every loaded object.
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        #endif
    }
}
#endif
