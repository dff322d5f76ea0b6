import Foundation
import PropertyBased
import ServerSupport
import Testing

/// `UTCTimestamp`, which writes every `created` and `updated` of the backend's answers and every
/// timestamp of the sandbox's: against Foundation's Gregorian calendar in UTC on generated
/// instants from 1970 to the end of year 9999, and on the edges by hand.
@Suite struct UTCTimestampTests {
    @Test func millisecondsAreWrittenExactly() {
        #expect(UTCTimestamp.format(milliseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(UTCTimestamp.format(milliseconds: 1_764_227_521_123) == "2025-11-27T07:12:01.123Z")
        #expect(UTCTimestamp.format(milliseconds: 951_782_400_007) == "2000-02-29T00:00:00.007Z")
        #expect(UTCTimestamp.format(milliseconds: 253_402_300_799_999) == "9999-12-31T23:59:59.999Z")
        // Before 1970 the fraction counts forward from the second before, as in every ISO 8601 time.
        #expect(UTCTimestamp.format(milliseconds: -1) == "1969-12-31T23:59:59.999Z")
        #expect(UTCTimestamp.format(milliseconds: -1_000) == "1969-12-31T23:59:59.000Z")
    }

    @Test func fractionsHaveTheirDigitsAndNoneMeansNoPoint() {
        #expect(
            UTCTimestamp.format(seconds: 1_592_823_416, fraction: 2_927_632, digits: 7)
                == "2020-06-22T10:56:56.2927632Z")
        #expect(UTCTimestamp.format(seconds: 59, fraction: 5, digits: 7) == "1970-01-01T00:00:59.0000005Z")
        #expect(UTCTimestamp.format(seconds: 59, fraction: 0, digits: 0) == "1970-01-01T00:00:59Z")
    }

    @Test func everyInstantReadsAsTheCalendarSaysIt() async {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let calendarInUTC = calendar
        await propertyCheck(count: 5_000, input: Gen.int(in: 0...253_402_300_799_999)) { milliseconds in
            let seconds = milliseconds / 1_000
            let parts = calendarInUTC.dateComponents(
                [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(seconds)))
            let expected = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.year!, parts.month!, parts.day!, parts.hour!,
                parts.minute!, parts.second!, milliseconds % 1_000)
            #expect(UTCTimestamp.format(milliseconds: Int64(milliseconds)) == expected)
        }
    }
}
