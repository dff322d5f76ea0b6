import Foundation

extension SwedbankPaySDK {
    /// ``bridge(_:completion:)`` for a completion handler of the Swedbank Pay SDK 5.0.3's shape: a
    /// plain `@escaping` closure, not `@Sendable`.
    ///
    /// 5.0.3 called its completion handlers on the main thread, and apps rely on it: a view
    /// controller passes `{ self?.update(...) }`, which Swift infers to be main-actor isolated.
    /// Requiring `@Sendable` would make that a nonisolated closure calling main-actor code (a
    /// warning in Swift 5 mode, an error in Swift 6). The completion is called exactly once, on
    /// the main actor, unless the returned request was cancelled first.
    @discardableResult
    public static func bridgeToMainThread<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value,
        completion: @escaping (Result<Value, any Error>) -> Void
    ) -> SwedbankPaySDKRequest {
        let handler = MainThreadCompletion(completion)
        return BridgedRequest.start(operation, completion: { result in handler.call(result) })
    }
}

/// A plain completion handler carried into the `@Sendable` completion of `BridgedRequest`. Sound
/// because `BridgedRequest` calls it exactly once, on the main actor, where 5.0.3 called it.
private struct MainThreadCompletion<Value>: @unchecked Sendable {
    let handler: (Value) -> Void

    init(_ handler: @escaping (Value) -> Void) {
        self.handler = handler
    }

    func call(_ value: Value) {
        handler(value)
    }
}
