import Foundation

/// Formats instants the way the Swedbank Pay API writes them: ISO 8601 in UTC with seven
/// fractional digits, such as `2020-06-22T10:56:56.2927632Z`.
enum PSPTimestamp {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `date` as `yyyy-MM-ddTHH:mm:ss.fffffffZ`.
    static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.down)
        // 100 ns ticks, as .NET (which the real API runs on) keeps them; clamped so rounding never
        // yields a carry into the seconds.
        let ticks = min(9_999_999, Int(((interval - whole) * 10_000_000).rounded()))
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: whole))
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%07dZ", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, ticks)
    }
}
