public import Foundation
import HTTPTypes

/// Why polling stopped without reaching a success state.
public enum PollingError<Failure: Error, Value>: Error {
    /// A call failed; polling stops at the first failed call.
    case call(Failure)
    /// The watched value reached a failure state (DocumentAI's `failed`); the last value is attached.
    case failed(Value)
    /// No success state within the allowed attempts.
    case exhausted(attempts: Int)
    /// The calling task was cancelled while waiting between attempts.
    case cancelled
}

extension PollingError: Sendable where Failure: Sendable, Value: Sendable {}
extension PollingError: Equatable where Failure: Equatable, Value: Equatable {}
extension PollingError: Hashable where Failure: Hashable, Value: Hashable {}

/// Runs `operation` until `succeeded` holds, failing early when `failed` holds; waits `interval` seconds between
/// attempts, at most `maxAttempts` times. Cancelling the task stops it at once.
public func poll<Value: Sendable, Failure: Error>(
    every interval: TimeInterval, maxAttempts: Int,
    until succeeded: (Value) -> Bool, failWhen failed: (Value) -> Bool = { _ in false },
    sleep: @Sendable (TimeInterval) async throws -> Void = {
        try await Task.sleep(nanoseconds: UInt64(max(0, $0) * 1_000_000_000))
    },
    _ operation: () async throws(Failure) -> Value
) async throws(PollingError<Failure, Value>) -> Value {
    let attempts = max(1, maxAttempts)
    for attempt in 1...attempts {
        if Task.isCancelled { throw .cancelled }
        let value: Value
        do {
            value = try await operation()
        } catch {
            throw .call(error)
        }
        if succeeded(value) { return value }
        if failed(value) { throw .failed(value) }
        if attempt < attempts {
            do { try await sleep(interval) } catch { throw .cancelled }
        }
    }
    throw .exhausted(attempts: attempts)
}

/// Image bytes from what Joyfill documents store: a data URI or bare base64, a file URL, or an http(s) URL
/// fetched through `transport`. Anything else is an error, never a crash.
public func loadImageData(from source: String, transport: any Transport = URLSessionTransport()) async throws -> Data {
    let trimmed = source.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.hasPrefix("data:") {
        guard let comma = trimmed.firstIndex(of: ","), trimmed[..<comma].hasSuffix(";base64"),
            let data = Data(base64Encoded: String(trimmed[trimmed.index(after: comma)...]))
        else {
            throw URLError(.cannotDecodeContentData)
        }
        return data
    }
    if let url = URL(string: trimmed), let scheme = url.scheme?.lowercased() {
        switch scheme {
        case "file":
            return try Data(contentsOf: url)
        case "http", "https":
            var request = HTTPRequestData(method: .get, path: "")
            request.baseURL = url
            let response = try await transport.send(request, context: OperationContext("loadImageData"))
            guard response.isSuccessful else { throw URLError(.badServerResponse) }
            return response.body
        default:
            break
        }
    }
    if let data = Data(base64Encoded: trimmed) { return data }
    throw URLError(.unsupportedURL)
}
