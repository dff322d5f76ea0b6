#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// `--seed` makes the sandbox's ids deterministic (``SandboxConfiguration/seed``), its view and
/// session tokens too: the same on every run with the same seed, so whoever knows the seed —
/// it is in the command line, the test, the CI log — can open, pay or abort another payer's
/// order by its token. Fine for a test on one machine; never for a sandbox others can reach.
public enum SeededTokens {
    /// Why a seeded sandbox is refused.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        /// The sandbox would listen on `host`, which is not a loopback address.
        case offLoopback(host: String)

        public var description: String {
            switch self {
            case .offLoopback(let host):
                "--seed makes every view and session token predictable, and the sandbox would listen on \(host),"
                    + " which is not a loopback address: anyone on the network could open and pay its orders."
                    + " Use --seed only with --host 127.0.0.1"
            }
        }
    }

    /// The line said at start with a seed, loudly (standard error and the log).
    public static let warning =
        "WARNING: --seed is set: ids, view tokens and session tokens are the same on every run; anyone who knows"
        + " the seed can open and pay this sandbox's orders. For tests on this machine only."

    /// Refuses a seed with a `host` that is not loopback (``ControlBinding/isLoopback(_:)``).
    public static func check(seed: UInt64?, host: String) throws(Refusal) {
        guard seed != nil, !ControlBinding.isLoopback(host) else { return }
        throw .offLoopback(host: host)
    }
}
#endif
