#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// The sandbox's one clock: the injected monotonic clock (timeouts, expiry, retries) and the wall
/// time derived from it (timestamps in answers, logs and records), so a test's manual clock moves
/// both and every time-dependent answer is reproducible. The wall time is `epoch` at the clock's
/// `reference` reading, advancing with the clock.
struct SandboxTime: Sendable {
    let clock: any SwedbankPaySDK.Clock
    let epoch: Date
    let reference: TimeInterval

    init(clock: any SwedbankPaySDK.Clock, epoch: Date) {
        self.clock = clock
        self.epoch = epoch
        reference = clock.now
    }

    /// Now, on the wall.
    var date: Date { epoch.addingTimeInterval(clock.now - reference) }
}
#endif
