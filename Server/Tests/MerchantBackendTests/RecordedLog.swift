import Logging
import Synchronization

/// Every line the servers of a test write through ``logger``, at every level, for the test to
/// read: what a misbehaving request made them say.
final class RecordedLog: Sendable {
    struct Line: Sendable, CustomStringConvertible {
        let level: Logger.Level
        let message: String
        /// The logger's metadata and the line's own, as one text each (`key=value`, by key).
        var metadata: [String] = []
        var description: String { "\(level): \(message)" }
    }

    private let lines = Mutex<[Line]>([])

    var logger: Logger {
        var logger = Logger(label: "recorded") { _ in Handler(log: self) }
        logger.logLevel = .trace
        return logger
    }

    /// The lines at `level` or more severe, in order.
    func lines(atLeast level: Logger.Level) -> [Line] {
        lines.withLock { $0.filter { $0.level >= level } }
    }

    private struct Handler: LogHandler {
        let log: RecordedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            let pairs = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            log.lines.withLock { $0.append(Line(level: event.level, message: "\(event.message)", metadata: pairs)) }
        }
    }
}
