import Foundation

/// Runs async work for a callback-style API and guarantees its completion contract: the
/// completion is called exactly once, on the main actor, unless `cancel()` came first, in which
/// case it is never called.
///
/// Delivery happens on the main actor and the cancelled check happens there too, so a `cancel()`
/// made on the main actor (where the SDK's controllers live) can never race with a delivery.
final class BridgedRequest: SwedbankPaySDKRequest, @unchecked Sendable {
    private enum State {
        case running
        case cancelled
        case delivered
    }

    private let lock = NSLock()
    private var state = State.running
    private var task: Task<Void, Never>?

    /// Starts `operation` and reports its result to `completion`.
    @discardableResult
    static func start<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value,
        completion: @escaping @Sendable (Result<Value, any Error>) -> Void
    ) -> BridgedRequest {
        let request = BridgedRequest()
        let task = Task {
            let result: Result<Value, any Error>
            do {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            await MainActor.run {
                if request.claimDelivery() {
                    completion(result)
                }
            }
        }
        request.attach(task)
        return request
    }

    func cancel() {
        lock.lock()
        if state == .running { state = .cancelled }
        let task = self.task
        lock.unlock()
        task?.cancel()
    }

    /// Returns once the work has ended and its completion was delivered or dropped: nothing of
    /// this request runs afterwards, so whatever was not called by then never will be.
    func finished() async {
        let task = lock.withLock { self.task }
        await task?.value
    }

    /// Whether the request was cancelled before its completion was delivered.
    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return state == .cancelled
    }

    private func attach(_ task: Task<Void, Never>) {
        lock.lock()
        self.task = task
        let cancelled = state == .cancelled
        lock.unlock()
        if cancelled { task.cancel() }
    }

    private func claimDelivery() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard state == .running else { return false }
        state = .delivered
        return true
    }
}

/// Carries a value that is not `Sendable` (the app's `userData` / `updateInfo`, typed `Any`) into
/// the task that serves one configuration call. The SDK only passes it through to the app's own
/// configuration and never touches it concurrently.
struct UncheckedSendableBox<Value>: @unchecked Sendable {
    let value: Value
}

extension SwedbankPaySDK {
    /// Serves a callback-style API from async work, with the SDK's completion contract: the
    /// completion is called exactly once, on the main actor, and never after the returned request
    /// was cancelled. Cancelling also cancels the task running `operation`.
    @discardableResult
    public static func bridge<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value,
        completion: @escaping @Sendable (Result<Value, any Error>) -> Void
    ) -> SwedbankPaySDKRequest {
        BridgedRequest.start(operation, completion: completion)
    }
}
