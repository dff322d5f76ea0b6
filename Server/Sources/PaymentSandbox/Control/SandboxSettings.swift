#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Synchronization

/// What the control API can change while the sandbox runs (`GET`/`PATCH /sandbox/settings`),
/// starting from the configuration and back to it on reset.
final class SandboxSettings: Sendable {
    /// The settings' values; the JSON of `/sandbox/settings`.
    struct Values: Sendable, Equatable {
        /// Refuse what the real service takes beyond its documentation (``RealServiceLeniency``)
        /// instead of taking it with a warning.
        var strict: Bool
    }

    private let initial: Values
    private let current: Mutex<Values>

    init(configuration: SandboxConfiguration) {
        initial = Values(strict: configuration.strict)
        current = Mutex(initial)
    }

    var values: Values { current.withLock { $0 } }

    func update(_ change: (inout Values) -> Void) -> Values {
        current.withLock { values in
            change(&values)
            return values
        }
    }

    /// Back to the configuration's values.
    func reset() {
        current.withLock { $0 = initial }
    }
}
#endif
