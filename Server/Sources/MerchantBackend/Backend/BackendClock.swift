import Foundation

/// The backend's one clock: the wall time every record, id, token check and retry round reads.
/// Injected (``MerchantBackend/init(configuration:database:clock:)``), so tests move it and nothing
/// else in the backend reads the system's time.
public struct BackendClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock reading `read`.
    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The system's clock.
    public static let system = BackendClock { Date() }

    /// Now.
    public var date: Date { read() }

    /// Now in milliseconds since 1970, as the database stores times.
    public var milliseconds: Int64 { Int64(read().timeIntervalSince1970 * 1_000) }
}
