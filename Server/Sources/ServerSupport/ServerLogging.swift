#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Logging
import SwedbankPaySDK

/// How the servers write their logs: one line per event on standard error, as text for people or
/// as JSON for log collectors, at a chosen level. `swedbankpay backend` and `serve` set it up once
/// at start (`--log-level`, `--log-format`: choices the argument parser reads).
public struct ServerLogging: Sendable, Equatable {
    public enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    public var level: Logger.Level
    public var format: Format

    public init(level: Logger.Level = .info, format: Format = .text) {
        self.level = level
        self.format = format
    }

    /// Makes every logger of the process write this way, stamping lines with `now` (the
    /// process's clock). Call once, before anything logs.
    public func bootstrap(now: @escaping @Sendable () -> Date) {
        let level = level
        switch format {
        case .text:
            LoggingSystem.bootstrap { label in
                var handler = ServerLogHandler(label: label, format: .text, now: now)
                handler.logLevel = level
                return handler
            }
        case .json:
            LoggingSystem.bootstrap { label in
                var handler = ServerLogHandler(label: label, format: .json, now: now)
                handler.logLevel = level
                return handler
            }
        }
    }
}

/// The JSON line of a log event: `{"time":"…","level":"info","label":"…","message":"…",
/// <metadata>…}`. Metadata keys become fields (nested values as JSON); `time`, `level`, `label` and
/// `message` are never overwritten.
enum JSONLogLine {
    /// The line of one event (without the newline).
    static func line(event: LogEvent, label: String, handlerMetadata: Logger.Metadata, time: Date) -> String {
        var object: SwedbankPaySDK.JSONObject = [:]
        for (key, value) in handlerMetadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
            object[key] = json(value)
        }
        object["time"] = .string(time.formatted(ServerLogHandler.timestampStyle))
        object["level"] = .string(event.level.rawValue)
        object["label"] = .string(label)
        object["message"] = .string(event.message.description)
        return SwedbankPaySDK.JSONValue.object(object).jsonText
    }

    private static func json(_ value: Logger.Metadata.Value) -> SwedbankPaySDK.JSONValue {
        switch value {
        case .string(let text): return .string(text)
        // Numbers stay numbers, so a log store can compare and sum them (`status`, `duration_ms`).
        case .stringConvertible(let convertible):
            switch convertible {
            case let integer as any BinaryInteger:
                if let value = Int64(exactly: integer) { return .integer(value) }
                return .string(convertible.description)
            case let number as any BinaryFloatingPoint:
                let value = Double(number)
                return value.isFinite ? .number(value) : .string(convertible.description)
            default:
                return .string(convertible.description)
            }
        case .array(let values): return .array(values.map(json))
        case .dictionary(let values): return .object(values.mapValues(json))
        }
    }
}
#endif
