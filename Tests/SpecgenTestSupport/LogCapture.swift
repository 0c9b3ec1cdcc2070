public import Logging
import Synchronization

/// Collects what a `Logger` logs.
public final class LogCapture: Sendable {
    /// One logged message.
    public struct Entry: Sendable {
        /// Its level.
        public var level: Logger.Level
        /// Its text.
        public var message: String
        /// Its metadata, the logger's merged with the call's.
        public var metadata: Logger.Metadata
    }

    private let stored = Mutex<[Entry]>([])

    /// Creates an empty capture.
    public init() {}

    /// What was logged, in order.
    public var entries: [Entry] { stored.withLock { $0 } }

    /// A logger that logs into this capture from `level` up.
    public func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "test") { _ in Handler(capture: self) }
        logger.logLevel = level
        return logger
    }

    fileprivate func record(_ entry: Entry) { stored.withLock { $0.append(entry) } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            capture.record(
                Entry(level: event.level, message: event.message.description, metadata: event.metadata ?? [:]))
        }
    }
}
