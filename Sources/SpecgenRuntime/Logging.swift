import Foundation
import HTTPTypes
import Logging

/// What a client logs about one call, through the app's swift-log `Logger`, with every secret redacted.
///
/// - `debug`: the call's start (operation, method, URL) and its end (status, attempts, duration);
/// - `trace`: each attempt with its redacted headers and body preview, and the response's body preview;
/// - `error`: a call that fails (no response, a timeout, an undeclared status, a body that does not decode).
///
/// A cancelled call is logged at `debug`: the app asked for it.
struct CallLog: Sendable {
    let logger: Logger?
    let operation: String
    let sensitiveNames: Set<String>

    func started(_ request: HTTPRequestData) {
        guard let logger, logger.logLevel <= .debug else { return }
        logger.debug(
            "\(operation) → \(request.method.rawValue) \(Redaction.url(of: request, extra: sensitiveNames))",
            metadata: ["operation": "\(operation)"])
    }

    func attempt(_ number: Int, _ request: HTTPRequestData) {
        guard let logger, logger.logLevel <= .trace else { return }
        let headers = Redaction.headers(of: request, extra: sensitiveNames).map { "\($0.0): \($0.1)" }
        let url = Redaction.url(of: request, extra: sensitiveNames)
        var message =
            "\(operation) attempt \(number) → \(request.method.rawValue) \(url) [\(headers.joined(separator: ", "))]"
        if let body = request.body, !body.isEmpty {
            message += " " + Redaction.bodyPreview(body, limit: 512, extra: sensitiveNames)
        }
        logger.trace("\(message)", metadata: ["operation": "\(operation)", "attempt": "\(number)"])
    }

    func finished(_ response: HTTPResponseData, attempts: Int, since start: ContinuousClock.Instant) {
        guard let logger, logger.logLevel <= .debug else { return }
        let milliseconds = Self.milliseconds(since: start)
        let metadata: Logger.Metadata = [
            "operation": "\(operation)", "status": "\(response.status.code)", "attempts": "\(attempts)",
            "duration_ms": "\(milliseconds)",
        ]
        let size = response.bodyStream == nil ? "\(response.body.count) bytes" : "body streaming"
        logger.debug(
            "\(operation) ← \(response.status.code) in \(milliseconds) ms, \(size)",
            metadata: metadata)
        if logger.logLevel <= .trace, !response.body.isEmpty {
            logger.trace(
                "\(operation) ← \(Redaction.bodyPreview(response.body, limit: 512, extra: sensitiveNames))",
                metadata: ["operation": "\(operation)"])
        }
    }

    func failed(_ error: ClientError, attempts: Int, since start: ContinuousClock.Instant) {
        guard let logger else { return }
        var metadata: Logger.Metadata = [
            "operation": "\(operation)", "attempts": "\(attempts)",
            "duration_ms": "\(Self.milliseconds(since: start))",
        ]
        if case .cancelled = error {
            logger.debug("\(error)", metadata: metadata)
            return
        }
        if let status = error.status { metadata["status"] = "\(status)" }
        logger.error("\(error)", metadata: metadata)
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int64 {
        let elapsed = ContinuousClock.now - start
        return elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    }
}
