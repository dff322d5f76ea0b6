import Foundation
import ServerSupport

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
        ConstantTime.equals(value, candidate)
    }
}
