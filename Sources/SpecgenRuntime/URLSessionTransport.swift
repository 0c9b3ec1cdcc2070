import HTTPTypes

#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// A transport over URLSession, on Apple platforms and on Linux (FoundationNetworking).
///
/// It honours each request's timeout and cache policy, and cancelling the calling task cancels the request. Its
/// session hands redirects back to the client instead of following them, and neither stores nor sends cookies (a
/// cookie jar would send a cookie to any port of its host); a `Cookie` header the app sets itself is sent.
public struct URLSessionTransport: Transport {
    /// The session requests go through.
    public let session: URLSession

    /// The most bytes of a streamed body held in memory while its reader is behind; the rest waits in a temporary
    /// file, removed as it drains. 4 MiB by default.
    public var streamMemoryLimit = 4 << 20

    /// The transport every client uses by default: one ephemeral session for the whole process.
    public init() {
        session = Self.shared
    }

    /// A transport with its own session made from `configuration`; keep it as long as its clients live, since a
    /// session lasts until the process ends. Its cookie settings are replaced, as described above.
    public init(configuration: URLSessionConfiguration) {
        session = Self.makeSession(configuration)
    }

    private static let shared = makeSession(.ephemeral)

    private static func makeSession(_ configuration: URLSessionConfiguration) -> URLSession {
        let configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpCookieStorage = nil
        return URLSession(configuration: configuration, delegate: SessionDelegate(), delegateQueue: nil)
    }

    /// True: an upload task reads the file as it sends it.
    public var sendsBodyFiles: Bool { true }

    /// Sends the request with a data task, cancelled when the calling task is. A streamed answer, a body file, a
    /// The interval URLSession is given for `timeout` seconds. FoundationNetworking on Linux keeps whole seconds
    /// only, so 0.3 would time out at once and 1.5 after 1 s; there it is rounded up, so a call never times out
    /// sooner than asked.
    static func timeoutInterval(_ timeout: TimeInterval) -> TimeInterval {
        #if canImport(FoundationNetworking)
            return timeout.rounded(.up)
        #else
            return timeout
        #endif
    }

    /// download destination or a ``TransferProgress`` observer goes through the session's delegate instead.
    public func send(_ request: HTTPRequestData, context: OperationContext) async throws -> HTTPResponseData {
        guard let url = request.url else { throw URLError(.badURL) }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headerFields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name.rawName)
        }
        if let file = request.bodyFile {
            urlRequest.setValue(String(file.size), forHTTPHeaderField: "Content-Length")
        } else {
            urlRequest.httpBody = request.body
        }
        if let timeout = context.options.timeout { urlRequest.timeoutInterval = Self.timeoutInterval(timeout) }
        if let policy = context.options.cachePolicy { urlRequest.cachePolicy = policy }
        try Task.checkCancellation()
        let observer = TransferProgress.observer
        if let delegate = session.delegate as? SessionDelegate {
            if case .download(let destination) = context.delivery {
                return try await download(urlRequest, to: destination, observer: observer, through: delegate)
            }
            if context.delivery.streams || request.bodyFile != nil || observer != nil {
                let response = try await stream(
                    urlRequest, bodyFile: request.bodyFile, observer: observer, through: delegate)
                guard !context.delivery.streams, let stream = response.bodyStream else { return response }
                var whole = response
                whole.body = try await stream.collect()
                whole.bodyStream = nil
                return whole
            }
        }

        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<HTTPResponseData, any Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                        return
                    }
                    guard let response = response as? HTTPURLResponse else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                        return
                    }
                    continuation.resume(
                        returning: HTTPResponseData(
                            status: HTTPResponse.Status(code: response.statusCode), headerFields: HTTPFields(response),
                            body: data ?? Data()))
                }
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }

    /// Returns once the head has arrived; the body follows through the session's delegate, chunk by chunk. A body
    /// file goes out through an upload task, which reads it as it sends.
    private func stream(
        _ urlRequest: URLRequest, bodyFile: BodyFile?, observer: (@Sendable (TransferProgress) -> Void)?,
        through delegate: SessionDelegate
    ) async throws -> HTTPResponseData {
        let task =
            if let bodyFile {
                session.uploadTask(with: urlRequest, fromFile: bodyFile.url)
            } else {
                session.dataTask(with: urlRequest)
            }
        let transfer = StreamingTransfer(
            task: task, memoryLimit: streamMemoryLimit, observer: observer, bodyFile: bodyFile)
        delegate.register(transfer, for: task)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<HTTPResponseData, any Error>) in
                transfer.waitForHead(continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}

extension URLSessionTransport {
    /// Sends with a download task, which writes the body to a temporary file as it arrives; returns once the
    /// transfer has ended, with a success moved to `destination`.
    func download(
        _ urlRequest: URLRequest, to destination: URL, observer: (@Sendable (TransferProgress) -> Void)?,
        through delegate: SessionDelegate
    ) async throws -> HTTPResponseData {
        let task = session.downloadTask(with: urlRequest)
        let transfer = DownloadTransfer(destination: destination, observer: observer)
        delegate.register(transfer, for: task)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<HTTPResponseData, any Error>) in
                transfer.wait(continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}

extension HTTPFields {
    /// The header fields of a URLSession response.
    init(_ response: HTTPURLResponse) {
        self.init()
        for case (let name as String, let value as String) in response.allHeaderFields {
            if let fieldName = HTTPField.Name(name) { append(HTTPField(name: fieldName, value: value)) }
        }
    }
}

/// Holds the data task so the cancellation handler, which may run first, can cancel it.
private final class TaskBox: @unchecked Sendable {
    // Guarded by `lock`; @unchecked because URLSessionDataTask is not Sendable on every platform.
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func set(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelNow = cancelled
        lock.unlock()
        if cancelNow { task.cancel() }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}
