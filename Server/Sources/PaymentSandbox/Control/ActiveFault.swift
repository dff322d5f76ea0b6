#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// A fault rule as the store keeps it: with its id, what is left of its count, how often it
/// applied, and its own random sequence for `fraction`.
struct ActiveFault: Sendable {
    var rule: FaultRule
    /// Requests left for a `count` rule; nil for the others.
    var remaining: Int?
    var applied = 0
    var random: SeededRandom

    init(rule: FaultRule, sandboxSeed: UInt64?) {
        self.rule = rule
        if case .count(let count) = rule.trigger { remaining = count }
        random = SeededRandom(seed: SeededRandom.seed(sandboxSeed: sandboxSeed, ruleId: rule.id ?? ""))
    }

    var isExhausted: Bool { remaining == 0 }

    /// Decides whether the rule applies to one more matching request, using up a count or a draw.
    mutating func fires() -> Bool {
        switch rule.trigger {
        case .always:
            break
        case .count:
            guard let left = remaining, left > 0 else { return false }
            remaining = left - 1
        case .fraction(let fraction):
            guard random.nextUnit() < fraction else { return false }
        }
        applied += 1
        return true
    }

    var json: SwedbankPaySDK.JSONValue { rule.json(remaining: remaining, applied: applied) }
}
#endif
