import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        // gmtime_r rather than Calendar: this runs for every timestamp of every answer.
        var seconds = time_t(whole)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return padded(Int(parts.tm_year) + 1900, 4) + "-" + padded(Int(parts.tm_mon) + 1, 2) + "-"
            + padded(Int(parts.tm_mday), 2) + "T" + padded(Int(parts.tm_hour), 2) + ":" + padded(Int(parts.tm_min), 2)
            + ":" + padded(Int(parts.tm_sec), 2) + "." + padded(ticks, 7) + "Z"
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
