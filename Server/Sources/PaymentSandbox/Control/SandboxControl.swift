#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// The state of the control API, shared by its routes and its middleware: the request log, the
/// fault rules, and the way back to ``PaymentSandbox/reset()``.
final class SandboxControl: @unchecked Sendable {
    let requestLog: BoundedLog<RequestLogEntry>
    let faults: FaultRuleStore
    /// The `delay` fault's sleeps, woken in batches.
    let delays = BatchedSleeper()
    /// `METHOD path` of each request a fault rule applied to, as the rule applied (before a delay
    /// and before the route): what a test awaits to act while a request is held.
    let faultsApplied = BoundedLog<String>(capacity: 1_000)
    private let lock = NSLock()
    private var resetAction: (@Sendable () async -> Void)?
    private var accountsAction: (@Sendable () async -> [StoreAccount])?

    init(configuration: SandboxConfiguration) {
        requestLog = BoundedLog(
            capacity: configuration.maxLogEntries, byteBudget: configuration.storeBudgets.requestLog,
            cost: { $0.storedBytes })
        faults = FaultRuleStore(seed: configuration.seed)
    }

    /// Sets what `POST /sandbox/reset` does. The sandbox sets it once it exists, since the modules
    /// (this one among them) are made before it is.
    func onReset(_ action: @escaping @Sendable () async -> Void) {
        lock.withLock { resetAction = action }
    }

    /// Sets where `GET /sandbox/storage` reads every store's account, once the sandbox exists.
    func onAccounts(_ action: @escaping @Sendable () async -> [StoreAccount]) {
        lock.withLock { accountsAction = action }
    }

    func storeAccounts() async -> [StoreAccount] {
        let action = lock.withLock { accountsAction }
        return await action?() ?? []
    }

    func resetEverything() async {
        let action = lock.withLock { resetAction }
        await action?()
    }

    /// Forgets the request log and the fault rules.
    func reset() async {
        await requestLog.clear()
        await faultsApplied.clear()
        faults.removeAll()
    }
}
#endif
