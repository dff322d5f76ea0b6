import Foundation

/// How long a row left `pending` belongs to the request that wrote it: a call to Swedbank Pay takes
/// at most the timeout (waiting for a call slot included), and recording its answer a few seconds
/// more (``BackendConfiguration/recordingMargin``). A `pending` row older than that was left by a
/// process that died mid-call, and the next retry with its key takes it over.
///
/// One rule for the order creation's rows and the admin API's transactions.
struct AbandonmentWindow: Sendable, Equatable {
    /// The window's length in milliseconds.
    let milliseconds: Int64

    init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// The window of a backend with `configuration`: its Swedbank Pay timeout plus the recording
    /// margin.
    init(_ configuration: BackendConfiguration) {
        milliseconds = Int64((configuration.swedbankPayTimeout + BackendConfiguration.recordingMargin) * 1_000)
    }

    /// The `updated_at` before which a `pending` row counts as abandoned at `now`.
    func staleBefore(now: Int64) -> Int64 { now - milliseconds }

    /// Whether a `pending` row last written at `updatedAt` counts as abandoned at `now`.
    func isAbandoned(updatedAt: Int64, now: Int64) -> Bool { updatedAt < staleBefore(now: now) }
}
