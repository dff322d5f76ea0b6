#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// Which of the matching requests a fault rule applies to.
public enum FaultTrigger: Sendable, Equatable {
    /// Every matching request, until the rule is deleted.
    case always
    /// The next `n` matching requests; then the rule stays listed with nothing remaining.
    case count(Int)
    /// Each matching request with this probability (0 < p ≤ 1). Draws come from a generator seeded
    /// with the sandbox's seed and the rule id, so a seeded sandbox faults the same requests each run.
    case fraction(Double)

    /// The most requests one `count` rule may cover.
    public static let maxCount = 1_000_000
}
#endif
