#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Logging

/// Writes each log event as one line on standard error, as text for people or as JSON for log
/// collectors (`--log-format`). One `write` per line, so lines of concurrent events never
/// interleave.
///
/// Metadata is formatted when an event is written, never when it is set. The servers set request
/// metadata (Hummingbird's request id) on every request whether or not anything is then logged,
/// and swift-log's `StreamLogHandler` formats all of it on each set: about 0.6 % of the CPU of an
/// order creation, spent on lines nobody writes.
public struct ServerLogHandler: LogHandler {
    public let label: String
    public let format: ServerLogging.Format
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let now: @Sendable () -> Date
    private let write: @Sendable (String) -> Void

    /// A handler stamping lines with `now` (the process's injected clock) and writing them with
    /// `write`.
    public init(
        label: String, format: ServerLogging.Format, now: @escaping @Sendable () -> Date,
        write: @escaping @Sendable (String) -> Void = ServerLogHandler.standardError
    ) {
        self.label = label
        self.format = format
        self.now = now
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        switch format {
        case .text: write(TextLogLine.line(event: event, label: label, handlerMetadata: metadata, time: now()))
        case .json: write(JSONLogLine.line(event: event, label: label, handlerMetadata: metadata, time: now()))
        }
    }

    static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// Writes a line and its newline to standard error in one `write`.
    public static let standardError: @Sendable (String) -> Void = { line in
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

/// The text line of a log event: `<time> <level> <label> :[ <key>=<value>…] [<source>] <message>`,
/// the handler's and the event's metadata merged (the event's wins) and sorted by key.
enum TextLogLine {
    /// The line of one event (without the newline).
    static func line(event: LogEvent, label: String, handlerMetadata: Logger.Metadata, time: Date) -> String {
        let merged = handlerMetadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 })
        let fields = merged.keys.sorted().map { " \($0)=\(merged[$0]!)" }.joined()
        return
            "\(time.formatted(ServerLogHandler.timestampStyle)) \(event.level) \(label) :\(fields) [\(event.source)] \(event.message)"
    }
}
#endif
