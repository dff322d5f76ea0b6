import NIOCore

/// How many NIO event loops (threads doing socket I/O) the process runs.
///
/// NIO's default is one per core, next to Swift Concurrency's pool of one thread per core. Both
/// servers do their work in the pool's tasks and only socket I/O on the loops, so loops one per
/// core left twice as many busy threads as cores. On a 2-core machine, one loop instead of two cut
/// the CPU per order creation by about 15 % and raised the creation rate by 10–20 %, with
/// `GET /` no slower (`docs/benchmarks.md`, "fewer event loops"); so the default is half the cores,
/// at least one. NIO's own `NIO_SINGLETON_GROUP_LOOP_COUNT` still sets it when given.
enum EventLoopCount {
    /// NIO's environment variable for the count, which wins over the default here.
    static let environmentVariable = "NIO_SINGLETON_GROUP_LOOP_COUNT"

    /// The count to give NIO before anything starts, or nil when the environment sets it.
    static func suggestion(environment: [String: String], cores: Int) -> Int? {
        guard environment[environmentVariable] == nil else { return nil }
        return max(1, cores / 2)
    }
}
