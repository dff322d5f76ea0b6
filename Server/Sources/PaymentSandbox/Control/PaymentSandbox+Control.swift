#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The control API in code: what `/sandbox/faults` does over HTTP, for the command line
/// (`--fault`) and for tests that hold the sandbox.
extension PaymentSandbox {
    /// Adds a fault rule and returns its id (`fault-<n>` unless the rule has one).
    @discardableResult
    public func addFault(_ rule: FaultRule) throws -> String {
        if let problem = rule.problems.first {
            throw FaultRuleError("\(problem.name): \(problem.description)")
        }
        do {
            return try control.faults.add(rule).rule.id ?? ""
        } catch let problem as SandboxProblem {
            throw FaultRuleError(problem.detail ?? problem.title)
        }
    }

    /// Returns once no callback is being delivered or waiting for a retry (at once when none is):
    /// what `GET /sandbox/callbacks` shows as `"pending": 0`, as an event to await.
    public func callbacksSettled() async {
        await services.callbacks.idle()
    }

    /// Returns once `count` requests in all were logged since the last reset (at once if they
    /// were): what `GET /sandbox/requests` lists, as an event to await.
    public func requestsLogged(_ count: Int) async {
        _ = await control.requestLog.entries(once: count)
    }

    /// Returns once fault rules applied to `count` requests in all since the last reset (at once
    /// if they had), as each rule applied — before a `delay` ends, so a test can act while a
    /// delayed request is held; a rule ``FaultRule/afterRoute`` applies once the route ran, so
    /// its change is made by then.
    public func faultsApplied(_ count: Int) async {
        _ = await control.faultsApplied.entries(once: count)
    }

    /// Removes every fault rule.
    public func clearFaults() {
        control.faults.removeAll()
    }
}
#endif
