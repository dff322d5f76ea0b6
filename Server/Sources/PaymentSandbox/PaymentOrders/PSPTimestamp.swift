#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// Formats instants the way the Swedbank Pay API writes them: ISO 8601 in UTC with seven
/// fractional digits, such as `2020-06-22T10:56:56.2927632Z`.
enum PSPTimestamp {
    /// `date` as `yyyy-MM-ddTHH:mm:ss.fffffffZ`.
    static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.down)
        // 100 ns ticks, as .NET (which the real API runs on) keeps them; clamped so rounding never
        // yields a carry into the seconds.
        let ticks = min(9_999_999, Int(((interval - whole) * 10_000_000).rounded()))
        return UTCTimestamp.format(seconds: Int64(whole), fraction: ticks, digits: 7)
    }
}
#endif
