#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// A small SplitMix64 generator: the fault rules' `fraction` draws, reproducible from a seed.
struct SeededRandom: Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// A seed for one rule: the sandbox seed (or a random one) mixed with the rule id, so two rules
    /// with the same fraction do not fault the same requests.
    static func seed(sandboxSeed: UInt64?, ruleId: String) -> UInt64 {
        // FNV-1a over the id: stable across runs, unlike `hashValue`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in ruleId.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return (sandboxSeed ?? UInt64.random(in: .min ... .max)) ^ hash
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in [0, 1) with 53 random bits.
    mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}
#endif
