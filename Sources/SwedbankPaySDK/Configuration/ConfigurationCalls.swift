import Foundation

// The SDK's flows call every configuration through these async adapters. They hold the SDK's
// side of the completion contract: a completion called twice is ignored (not a crash), and when
// the calling task is cancelled the call ends at once with `CancellationError`, the configuration's
// request is cancelled, and any later completion is ignored. They run on the main actor, so a
// configuration (which, as in 5.0.3, need not be Sendable) is only ever called from there.
@MainActor
extension SwedbankPaySDKConfiguration {
    func callPostConsumers(
        consumer: SwedbankPaySDK.Consumer?,
        userData: Any?
    ) async throws -> SwedbankPaySDK.ViewConsumerIdentificationInfo {
        try await awaitCompletion { completion in
            postConsumers(consumer: consumer, userData: userData, completion: completion)
            return nil
        }
    }

    func callPostPaymentorders(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        userData: Any?,
        consumerProfileRef: String?,
        options: SwedbankPaySDK.VersionOptions
    ) async throws -> SwedbankPaySDK.ViewPaymentOrderInfo {
        try await awaitCompletion { completion in
            postPaymentorders(
                paymentOrder: paymentOrder,
                userData: userData,
                consumerProfileRef: consumerProfileRef,
                options: options,
                completion: completion
            )
            return nil
        }
    }

    func callUpdatePaymentOrder(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        options: SwedbankPaySDK.VersionOptions,
        userData: Any?,
        viewPaymentOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        updateInfo: Any
    ) async throws -> SwedbankPaySDK.ViewPaymentOrderInfo {
        try await awaitCompletion { completion in
            updatePaymentOrder(
                paymentOrder: paymentOrder,
                options: options,
                userData: userData,
                viewPaymentOrderInfo: viewPaymentOrderInfo,
                updateInfo: updateInfo,
                completion: completion
            )
        }
    }

    func callAbortPayment(paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo, userData: Any?) async throws {
        try await awaitCompletion { completion in
            abortPayment(paymentInfo: paymentInfo, userData: userData, completion: completion)
            return nil
        }
    }

    func callExpandPayerAfterIdentified(paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo) async throws {
        try await awaitCompletion { completion in
            expandPayerAfterIdentified(paymentInfo: paymentInfo, completion: completion)
        }
    }
}

/// Turns one callback-style call into an awaited result under the rules above. `start` makes the
/// call with the given completion and returns its cancellation handle, if it has one.
@MainActor
func awaitCompletion<Value: Sendable>(
    _ start: (@escaping @Sendable (Result<Value, any Error>) -> Void) -> SwedbankPaySDKRequest?
) async throws -> Value {
    let pending = PendingCompletion<Value>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            pending.wait(with: continuation)
            let request = start { result in pending.finish(with: result) }
            pending.attach(request)
        }
    } onCancel: {
        pending.cancel()
    }
}

/// The shared state of one awaited configuration call.
private final class PendingCompletion<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, any Error>?
    private var request: SwedbankPaySDKRequest?
    private var isCancelled = false

    func wait(with continuation: CheckedContinuation<Value, any Error>) {
        lock.lock()
        let cancelled = isCancelled
        if !cancelled { self.continuation = continuation }
        lock.unlock()
        if cancelled { continuation.resume(throwing: CancellationError()) }
    }

    func attach(_ request: SwedbankPaySDKRequest?) {
        lock.lock()
        let cancelled = isCancelled
        if !cancelled { self.request = request }
        lock.unlock()
        if cancelled { request?.cancel() }
    }

    func finish(with result: Result<Value, any Error>) {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        request = nil
        lock.unlock()
        continuation?.resume(with: result)
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        let continuation = self.continuation
        self.continuation = nil
        let request = self.request
        self.request = nil
        lock.unlock()
        request?.cancel()
        continuation?.resume(throwing: CancellationError())
    }
}

extension SwedbankPaySDKConfiguration {
    /// Asks `decidePolicyForPaymentMenuRedirect`; a second call of its completion is ignored.
    @MainActor
    func callDecidePolicyForPaymentMenuRedirect(
        navigationAction: SwedbankPaySDK.NavigationAction
    ) async -> SwedbankPaySDK.PaymentMenuRedirectPolicy {
        await withCheckedContinuation { continuation in
            let once = ResumeOnce()
            decidePolicyForPaymentMenuRedirect(navigationAction: navigationAction) { policy in
                if once.claim() { continuation.resume(returning: policy) }
            }
        }
    }
}

/// Lets exactly one of several callers through.
private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    func claim() -> Bool {
        lock.withLock {
            defer { claimed = true }
            return !claimed
        }
    }
}
