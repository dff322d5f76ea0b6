import Foundation

/// A credential (merchant token, API key) that must never reach a log, a console or an error
/// message: every way of printing it prints `<redacted>`.
public struct Secret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The credential itself, for the one place that sends it.
    public let value: String

    public init(_ value: String) {
        self.value = value
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// Compares with `candidate` in time that depends only on the lengths, so a caller cannot
    /// find a key byte by byte from response times.
    public func matches(_ candidate: String) -> Bool {
        let expected = Array(value.utf8)
        let given = Array(candidate.utf8)
        var difference = UInt8(expected.count == given.count ? 0 : 1)
        for index in 0..<max(expected.count, given.count) {
            let left = index < expected.count ? expected[index] : 0
            let right = index < given.count ? given[index] : 0
            difference |= left ^ right
        }
        return difference == 0
    }
}
