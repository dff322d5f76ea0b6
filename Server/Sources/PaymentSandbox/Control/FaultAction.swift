#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// What a fault rule does to a request it applies to.
public enum FaultAction: Sendable, Equatable {
    /// Answers `status` with `body` (or a problem made for the status) without calling the route.
    case status(Int, body: SwedbankPaySDK.JSONObject?)
    /// Waits `seconds` of real time, then lets the request through. Real time (not the sandbox's
    /// clock) because the point is that an HTTP client sees the delay.
    case delay(seconds: Double)
    /// Closes the connection (TCP reset) without any response.
    case reset
    /// Never answers; the connection is closed when the client gives up, or after
    /// ``FaultAction/maxHangSeconds`` at the latest so a forgotten client cannot pin it forever.
    case hang

    /// The longest a `hang` fault holds a connection open: 10 minutes.
    public static let maxHangSeconds: Double = 600
    /// The longest `delay` accepted: 10 minutes, the same bound as a hang.
    public static let maxDelaySeconds: Double = 600

    /// The name used in JSON (`kind`) and in the `--fault` flag.
    public var kind: String {
        switch self {
        case .status: "status"
        case .delay: "delay"
        case .reset: "reset"
        case .hang: "hang"
        }
    }
}
#endif
