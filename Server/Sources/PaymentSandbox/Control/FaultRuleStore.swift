#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The fault rules in force, in the order they were added. The first rule that matches a request
/// and fires decides its fate.
///
/// A lock rather than an actor: every request consults it, and with no rules the check must cost
/// next to nothing.
final class FaultRuleStore: @unchecked Sendable {
    /// The most rules kept; exhausted `count` rules make room for new ones first.
    static let maxRules = 100

    private let lock = NSLock()
    private var faults: [ActiveFault] = []
    private var nextNumber = 1
    private let seed: UInt64?

    init(seed: UInt64?) {
        self.seed = seed
    }

    /// Adds a rule, giving it an id (`fault-<n>`) if it has none. Fails with a conflict when the id
    /// is taken or the store is full of live rules.
    func add(_ rule: FaultRule) throws -> ActiveFault {
        try lock.withLock {
            var rule = rule
            if rule.id == nil {
                repeat {
                    rule.id = "fault-\(nextNumber)"
                    nextNumber += 1
                } while faults.contains(where: { $0.rule.id == rule.id })
            } else if faults.contains(where: { $0.rule.id == rule.id }) {
                throw SandboxProblem.conflict(
                    "A fault rule with id \"\(rule.id ?? "")\" exists; DELETE /sandbox/faults/\(rule.id ?? "") first.")
            }
            if faults.count >= Self.maxRules {
                guard let exhausted = faults.firstIndex(where: \.isExhausted) else {
                    throw SandboxProblem.conflict(
                        "There are \(Self.maxRules) fault rules already; DELETE /sandbox/faults to clear them.")
                }
                faults.remove(at: exhausted)
            }
            let fault = ActiveFault(rule: rule, sandboxSeed: seed)
            faults.append(fault)
            return fault
        }
    }

    /// The rule that applies to a request, if any, counting it as applied.
    func match(method: String, path: String) -> FaultRule? {
        lock.withLock {
            guard !faults.isEmpty else { return nil }
            for index in faults.indices where faults[index].rule.matches(method: method, path: path) {
                if faults[index].fires() { return faults[index].rule }
            }
            return nil
        }
    }

    func all() -> [ActiveFault] {
        lock.withLock { faults }
    }

    /// Removes one rule; false when there is none with that id.
    func remove(id: String) -> Bool {
        lock.withLock {
            guard let index = faults.firstIndex(where: { $0.rule.id == id }) else { return false }
            faults.remove(at: index)
            return true
        }
    }

    /// Removes every rule; ids start again at `fault-1`, so a seeded sandbox repeats itself.
    func removeAll() {
        lock.withLock {
            faults = []
            nextNumber = 1
        }
    }
}
#endif
