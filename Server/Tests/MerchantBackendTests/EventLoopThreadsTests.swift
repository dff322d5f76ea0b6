import Foundation
import NIOCore
import Testing

@testable import MerchantBackend

/// `swedbankpay serve` runs half as many NIO event loops as cores (at least one), and as many as
/// NIO's `NIO_SINGLETON_GROUP_LOOP_COUNT` says when it is set: counted as the child's threads
/// that NIO names for its loops.
@Suite(.timeLimit(.minutes(2))) struct EventLoopThreadsTests {
    @Test func serveRunsHalfAsManyLoopsAsCoresUnlessNIOIsTold() async throws {
        let executable = try ServeProcess.executable()
        let location = try TestDatabase.location(.sqlite)
        defer { TestDatabase.remove(location) }
        guard case .sqlite(let database) = location else { return }
        for (environment, expected) in [
            ([:], max(1, System.coreCount / 2)), (["NIO_SINGLETON_GROUP_LOOP_COUNT": "3"], 3),
        ] {
            let serve = try await ServeProcess.start(executable, database: database, environment: environment)
            let names = try Self.threadNames(of: serve.server.process.processIdentifier)
            await serve.terminate()
            // NIO names its shared group's loops `NIO-SGLTN-<group>-#<n>`; other groups and
            // thread pools are named otherwise (`NIO-ELT-…`, `SGLTN-TP-#…`).
            #expect(names.filter { $0.hasPrefix("NIO-SGLTN-") }.count == expected, "threads: \(names.sorted())")
        }
    }

    /// The names (`comm`) of the threads of process `pid`, from `/proc`.
    static func threadNames(of pid: pid_t) throws -> [String] {
        let tasks = "/proc/\(pid)/task"
        return try FileManager.default.contentsOfDirectory(atPath: tasks).compactMap { thread in
            try? String(contentsOfFile: "\(tasks)/\(thread)/comm", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
