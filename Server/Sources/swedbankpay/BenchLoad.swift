import AsyncHTTPClient
import Foundation
import NIOCore

/// A closed-loop HTTP load: `connections` workers, each sending its next request as soon as the
/// last one is answered, for a fixed time. Counts 2xx answers as successes.
enum BenchLoad {
    /// One request of worker `worker`, its `index`-th.
    typealias MakeRequest = @Sendable (_ worker: Int, _ index: Int) -> HTTPClientRequest

    static func run(
        client: HTTPClient, seconds: Double, connections: Int, makeRequest: @escaping MakeRequest
    ) async throws -> BenchThroughput {
        let start = ContinuousClock.now
        let cpuBefore = ProcessCPU.seconds()
        let deadline = start + .milliseconds(Int64(seconds * 1_000))
        var total = try await withThrowingTaskGroup(of: BenchThroughput.self) { group in
            for worker in 0..<connections {
                group.addTask {
                    var result = BenchThroughput()
                    result.latencies.reserveCapacity(Int(seconds) * 4_000)
                    var index = 0
                    while index < BenchDriver.maxRequestsPerConnection, ContinuousClock.now < deadline {
                        let began = ContinuousClock.now
                        let response = try await client.execute(makeRequest(worker, index), timeout: .seconds(30))
                        let body = try await response.body.collect(upTo: 4 * 1_024 * 1_024)
                        let elapsed = ContinuousClock.now - began
                        result.latencies.append(
                            Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
                        if (200..<300).contains(Int(response.status.code)) {
                            result.created += 1
                        } else {
                            result.fail("\(response.status.code) \(String(buffer: body).prefix(300))")
                        }
                        index += 1
                    }
                    return result
                }
            }
            var total = BenchThroughput()
            for try await result in group { total.merge(result) }
            return total
        }
        total.cpuSeconds = ProcessCPU.seconds() - cpuBefore
        let elapsed = ContinuousClock.now - start
        total.elapsed = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return total
    }
}
