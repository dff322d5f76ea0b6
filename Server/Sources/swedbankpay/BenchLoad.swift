import AsyncHTTPClient
import Foundation
import NIOCore

/// A closed-loop HTTP load: `connections` workers, each sending its next request as soon as the
/// last one is answered, for a fixed time. Counts 2xx answers as successes.
enum BenchLoad {
    /// One request of worker `worker`, its `index`-th.
    typealias MakeRequest = @Sendable (_ worker: Int, _ index: Int) -> HTTPClientRequest

    ///
    /// - Parameters:
    ///   - warmUp: seconds of load before the measured `seconds`; requests sent before then are not
    ///     counted (the first ones open the connections).
    ///   - spread: seconds over which the workers' first requests are spread evenly, as independent
    ///     clients arrive, instead of all at once (which, against a server with a fixed latency,
    ///     keeps them in lockstep waves for the whole run).
    static func run(
        client: HTTPClient, seconds: Double, connections: Int, warmUp: Double = 0, spread: Double = 0,
        makeRequest: @escaping MakeRequest
    ) async throws -> BenchThroughput {
        let launch = ContinuousClock.now
        let start = launch + .milliseconds(Int64(warmUp * 1_000))
        let deadline = start + .milliseconds(Int64(seconds * 1_000))
        // The CPU time when the measured part begins.
        let cpuNow = ProcessCPU.seconds()
        let cpuAtStart = Task<Double, Never> {
            guard warmUp > 0 else { return cpuNow }
            try? await Task.sleep(until: start)
            return ProcessCPU.seconds()
        }
        var total = try await withThrowingTaskGroup(of: BenchThroughput.self) { group in
            for worker in 0..<connections {
                group.addTask {
                    var result = BenchThroughput()
                    result.latencies.reserveCapacity(Int(seconds) * 4_000)
                    let offset = spread * Double(worker) / Double(connections)
                    if offset > 0 { try await Task.sleep(until: launch + .milliseconds(Int64(offset * 1_000))) }
                    var index = 0
                    while index < BenchDriver.maxRequestsPerConnection, ContinuousClock.now < deadline {
                        let began = ContinuousClock.now
                        let response = try await client.execute(makeRequest(worker, index), timeout: .seconds(30))
                        let body = try await response.body.collect(upTo: 4 * 1_024 * 1_024)
                        index += 1
                        guard began >= start else { continue }
                        let elapsed = ContinuousClock.now - began
                        result.latencies.append(
                            Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
                        if (200..<300).contains(Int(response.status.code)) {
                            result.created += 1
                        } else {
                            result.fail("\(response.status.code) \(String(buffer: body).prefix(300))")
                        }
                    }
                    return result
                }
            }
            var total = BenchThroughput()
            for try await result in group { total.merge(result) }
            return total
        }
        total.cpuSeconds = ProcessCPU.seconds() - (await cpuAtStart.value)
        let elapsed = ContinuousClock.now - start
        total.elapsed = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return total
    }
}
