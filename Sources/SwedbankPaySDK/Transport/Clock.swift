import Foundation

extension SwedbankPaySDK {
    /// Time as the SDK's flows see it: what time it is, and waiting. Retry windows, polling and
    /// timeouts read time only through a clock, so tests advance a manual clock instead of sleeping.
    ///
    /// Seconds are `TimeInterval`s because the SDK runs on iOS 15, which predates `Duration`.
    public protocol Clock: Sendable {
        /// Seconds since an arbitrary fixed point; only differences are meaningful.
        var now: TimeInterval { get }
        /// Returns after `seconds` have passed, or throws `CancellationError` when the task is
        /// cancelled first.
        func sleep(seconds: TimeInterval) async throws
    }

    /// The real clock: monotonic uptime and `Task.sleep`.
    public struct SystemClock: Clock {
        /// Creates the system clock; every instance reads the same time.
        public init() {}

        public var now: TimeInterval { ProcessInfo.processInfo.systemUptime }

        public func sleep(seconds: TimeInterval) async throws {
            try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
        }
    }
}
