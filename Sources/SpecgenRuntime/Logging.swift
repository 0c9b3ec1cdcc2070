import Foundation
import HTTPTypes

/// Logs one line per request and one per response, with secrets redacted, to a sink of the app's choosing.
public struct LoggingMiddleware: Middleware {
    private let sink: @Sendable (String) -> Void
    private let sensitiveNames: Set<String>
    private let includeBodies: Bool

    /// Creates a middleware.
    /// - Parameters:
    ///   - sensitiveNames: Header, query and body field names to redact on top of the built-in ones (the spec's
    ///     `sensitive` fields and API-key names).
    ///   - includeBodies: Whether to log redacted body previews.
    ///   - sink: Receives each line (print, os.Logger, swift-log).
    public init(
        sensitiveNames: Set<String> = [], includeBodies: Bool = false,
        sink: @escaping @Sendable (String) -> Void
    ) {
        self.sink = sink
        self.sensitiveNames = Set(sensitiveNames.map { $0.lowercased() })
        self.includeBodies = includeBodies
    }

    /// Logs the request and its outcome.
    public func intercept(
        _ request: HTTPRequestData, operation: String,
        next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData {
        let query = Redaction.query(request.query, extra: sensitiveNames)
        let queryText = query.isEmpty ? "" : "?" + query.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
        let headers = Redaction.headers(request.headerFields, extra: sensitiveNames)
            .map { "\($0.0): \($0.1)" }.joined(separator: ", ")
        var line = "\(operation) → \(request.method.rawValue) \(request.path)\(queryText) [\(headers)]"
        if includeBodies, let body = request.body {
            line += " " + Redaction.bodyPreview(body, limit: 512, extra: sensitiveNames)
        }
        sink(line)
        let start = Date()
        do {
            let response = try await next(request)
            let milliseconds = Int(Date().timeIntervalSince(start) * 1000)
            var summary = "\(operation) ← \(response.status.code) in \(milliseconds) ms, \(response.body.count) bytes"
            if includeBodies {
                summary += " " + Redaction.bodyPreview(response.body, limit: 512, extra: sensitiveNames)
            }
            sink(summary)
            return response
        } catch {
            sink("\(operation) ✗ \(ClientError(error, operation: operation))")
            throw error
        }
    }
}
