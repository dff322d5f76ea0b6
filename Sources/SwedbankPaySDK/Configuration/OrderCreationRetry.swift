import Foundation

extension SwedbankPaySDK {
    /// How creating a payment order is tried again when its answer was lost.
    ///
    /// A request that got no response at all (a ``TransportError/timedOut(_:)`` or
    /// ``TransportError/connectionFailed(_:description:)``) may or may not have created the order.
    /// Sent again with the same ``IdempotencyKey``, a backend that keeps keys (the Merchant Backend
    /// does) answers the first result, so the retry cannot make a second order. Any HTTP answer —
    /// a problem included — is the backend's verdict and is never retried, nor is a cancelled
    /// request, an untrusted server or a request that could not be sent.
    ///
    /// Tries are at most ``maxAttempts`` in all, the first at once and each next one after a
    /// delay that starts at ``firstDelay`` and doubles; the waits run on ``clock``. The standard
    /// policy tries three times, waiting 1 s and then 2 s. A custom configuration gets the same
    /// behaviour by running its request through ``run(isRetryable:isolation:_:)``:
    ///
    /// ```swift
    /// let key = SwedbankPaySDK.IdempotencyKey.current ?? SwedbankPaySDK.IdempotencyKey()
    /// let info = try await SwedbankPaySDK.OrderCreationRetry.standard.run { _ in
    ///     try await createOrder(idempotencyKey: key)  // the same key on every try
    /// }
    /// ```
    public struct OrderCreationRetry: Sendable {
        /// How many tries in all, at least 1 (1 means never retry).
        public var maxAttempts: Int
        /// Seconds before the second try; each later wait doubles.
        public var firstDelay: TimeInterval
        /// What the waits run on.
        public var clock: any Clock

        /// Creates a policy. `maxAttempts` below 1 counts as 1; a negative delay as 0.
        public init(maxAttempts: Int = 3, firstDelay: TimeInterval = 1, clock: any Clock = SystemClock()) {
            self.maxAttempts = max(1, maxAttempts)
            self.firstDelay = max(0, firstDelay)
            self.clock = clock
        }

        /// Three tries, waiting 1 s and then 2 s, on the system clock.
        public static let standard = OrderCreationRetry()

        /// One try: a lost answer is reported at once.
        public static let never = OrderCreationRetry(maxAttempts: 1)

        /// The seconds to wait after failed try `attempt` (1 for the first) before the next, or
        /// nil when that was the last try.
        public func delay(afterAttempt attempt: Int) -> TimeInterval? {
            guard attempt >= 1, attempt < maxAttempts else { return nil }
            return firstDelay * pow(2, Double(attempt - 1))
        }

        /// Whether `error` means no response arrived and the request may be sent again: a
        /// ``TransportError`` that timed out or lost its connection. Cancellation is not.
        public static func isLostAnswer(_ error: any Error) -> Bool {
            switch error as? TransportError {
            case .timedOut, .connectionFailed: return true
            case .untrustedServer, .cancelled, .invalidRequest, nil: return false
            }
        }

        /// Runs `attempt` (given its number, from 1) until it returns, throws an error
        /// `isRetryable` refuses, or has been tried ``maxAttempts`` times; then throws the last
        /// error. A cancelled wait ends the run with `CancellationError`.
        public func run<Value>(
            isRetryable: (any Error) -> Bool = OrderCreationRetry.isLostAnswer,
            isolation: isolated (any Actor)? = #isolation,
            _ attempt: (Int) async throws -> Value
        ) async throws -> Value {
            var number = 1
            while true {
                do {
                    return try await attempt(number)
                } catch {
                    guard isRetryable(error), let delay = delay(afterAttempt: number) else { throw error }
                    try await clock.sleep(seconds: delay)
                    number += 1
                }
            }
        }
    }
}
