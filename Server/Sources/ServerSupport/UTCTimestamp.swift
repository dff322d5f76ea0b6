#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ISO 8601 instants in UTC, `yyyy-MM-ddTHH:mm:ss.f…Z`, written from the numbers with the C
/// library's calendar rather than through a date formatter. Both servers write timestamps into
/// answers on their hot paths: a Foundation `ISO8601DateFormatter` made per call (an ICU date
/// format behind it) took 41 % of the samples of a run of status reads, which went four times
/// as fast without it on SQLite (`docs/benchmarks.md`).
public enum UTCTimestamp {
    /// Milliseconds since 1970-01-01T00:00:00Z with three fractional digits, such as
    /// `2026-11-27T07:12:01.123Z`, exactly (no floating-point step). Before 1970 the fraction still
    /// counts forward from the whole second before.
    public static func format(milliseconds: Int64) -> String {
        let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1_000)
        return remainder < 0
            ? format(seconds: quotient - 1, fraction: Int(remainder + 1_000), digits: 3)
            : format(seconds: quotient, fraction: Int(remainder), digits: 3)
    }

    /// `seconds` since 1970-01-01T00:00:00Z and `fraction` of a second in units of 10^-`digits`
    /// (from 0 to 10^`digits` − 1), written with exactly `digits` fractional digits; none and no
    /// point when `digits` is 0.
    public static func format(seconds: Int64, fraction: Int, digits: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(21 + digits)
        append(Int(parts.tm_year) + 1900, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(Int(parts.tm_mon) + 1, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(Int(parts.tm_mday), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        append(Int(parts.tm_hour), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(Int(parts.tm_min), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(Int(parts.tm_sec), width: 2, to: &bytes)
        if digits > 0 {
            bytes.append(UInt8(ascii: "."))
            append(fraction, width: digits, to: &bytes)
        }
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` in decimal, zero-padded to `width` digits; wider values and negative ones in full.
    private static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        guard value >= 0 else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        let start = bytes.count
        var rest = value
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        while bytes.count - start < width { bytes.append(UInt8(ascii: "0")) }
        bytes[start...].reverse()
    }
}
#endif
