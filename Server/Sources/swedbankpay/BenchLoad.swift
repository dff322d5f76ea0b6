import Foundation
import NIOCore
import NIOPosix

/// A closed-loop HTTP load: `connections` connections, each sending its next request as soon as
/// the last one is answered, for a fixed time. Counts 2xx answers as successes. Each connection
/// runs on an event loop of its own accord (``BenchConnection``), not through an HTTP client's
/// pool and tasks: the load generator shares the cores with the servers it measures.
///
/// The connections run on a thread of their own, as `wrk` runs in a process of its own. On the
/// servers' event loops a client's answer waited behind whatever server work that loop had queued
/// before its time was taken, and the wait was counted as the server's latency.
enum BenchLoad {
    /// One request of worker `worker`, its `index`-th.
    typealias MakeRequest = @Sendable (_ worker: Int, _ index: Int) -> BenchRequest

    ///
    /// - Parameters:
    ///   - origin: `http://host:port` of the server the requests go to.
    ///   - warmUp: seconds of load before the measured `seconds`; requests sent before then are not
    ///     counted (the first ones open the connections).
    ///   - spread: seconds over which the workers' first requests are spread evenly, as independent
    ///     clients arrive, instead of all at once (which, against a server with a fixed latency,
    ///     keeps them in lockstep waves for the whole run).
    static func run(
        origin: String, seconds: Double, connections: Int, warmUp: Double = 0, spread: Double = 0,
        makeRequest: @escaping MakeRequest
    ) async throws -> BenchThroughput {
        guard let target = BenchOrigin(origin) else {
            throw BenchError("the load generator needs http://host:port, not \(origin)")
        }
        let launch = NIODeadline.now()
        let start = launch + .milliseconds(Int64(warmUp * 1_000))
        let deadline = start + .milliseconds(Int64(seconds * 1_000))
        // The CPU time when the measured part begins.
        let cpuNow = ProcessCPU.seconds()
        let cpuAtStart = Task<Double, Never> {
            guard warmUp > 0 else { return cpuNow }
            try? await Task.sleep(for: .milliseconds(Int64(warmUp * 1_000)))
            return ProcessCPU.seconds()
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var total: BenchThroughput
        do {
            total = try await load(
                target, connections: connections, spread: spread, launch: launch, start: start, deadline: deadline,
                on: group, makeRequest: makeRequest)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        try await group.shutdownGracefully()
        total.cpuSeconds = ProcessCPU.seconds() - (await cpuAtStart.value)
        // The requests counted are those sent in the measured time, so the rate is over that
        // time: in a closed loop they are as many as the answers the time saw. Timed to when the
        // last of them was answered instead, the rate lost a latency's worth of time per phase
        // (10 % of a 2-second round at 200 ms).
        total.elapsed = Double((deadline - start).nanoseconds) / 1e9
        return total
    }

    /// Runs the connections on `group` until `deadline`; their results merged.
    private static func load(
        _ target: BenchOrigin, connections: Int, spread: Double, launch: NIODeadline, start: NIODeadline,
        deadline: NIODeadline, on group: MultiThreadedEventLoopGroup, makeRequest: @escaping MakeRequest
    ) async throws -> BenchThroughput {
        try await withThrowingTaskGroup(of: BenchThroughput.self) { tasks in
            for worker in 0..<connections {
                let offset = Int64(spread * 1_000_000 * Double(worker) / Double(connections))
                let plan = BenchConnection.Plan(
                    origin: target, worker: worker, countFrom: start, deadline: deadline,
                    firstAt: launch + .microseconds(offset), makeRequest: makeRequest)
                tasks.addTask {
                    var result = BenchThroughput()
                    var index = 0
                    // A connection the server closed is replaced until the time is up.
                    while true {
                        let outcome = try await BenchConnection.run(plan, from: index, on: group)
                        result.merge(outcome.throughput)
                        index = outcome.nextIndex
                        guard outcome.closedEarly, NIODeadline.now() < deadline else { break }
                    }
                    return result
                }
            }
            var total = BenchThroughput()
            for try await result in tasks { total.merge(result) }
            return total
        }
    }
}
