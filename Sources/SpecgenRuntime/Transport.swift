import HTTPTypes
import Synchronization

#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// Sends one HTTP request. Implement it to swap URLSession for a test double or another HTTP stack.
public protocol Transport: Sendable {
    /// Sends `request` (whose `baseURL` is set) and returns the response, whatever its status.
    ///
    /// A transport does not follow redirects: it returns the `3XX` answer, and the client follows it under its
    /// ``RedirectPolicy``, which keeps credentials from reaching another origin.
    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData
}

/// A transport over URLSession, on Apple platforms and on Linux (FoundationNetworking).
///
/// It honours each request's timeout and cache policy, and cancelling the calling task cancels the request. Its
/// session hands redirects back to the client instead of following them, and neither stores nor sends cookies (a
/// cookie jar would send a cookie to any port of its host); a `Cookie` header the app sets itself is sent.
public struct URLSessionTransport: Transport {
    /// The session requests go through.
    public let session: URLSession

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

    /// Sends the request with a data task, cancelled when the calling task is.
    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        guard let url = request.url else { throw URLError(.badURL) }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headerFields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name.rawName)
        }
        urlRequest.httpBody = request.body
        if let timeout = request.options.timeout { urlRequest.timeoutInterval = timeout }
        if let policy = request.options.cachePolicy { urlRequest.cachePolicy = policy }
        try Task.checkCancellation()
        if request.streamsResponse, let delegate = session.delegate as? SessionDelegate {
            return try await stream(urlRequest, through: delegate)
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

    /// Returns once the head has arrived; the body follows through the session's delegate, chunk by chunk.
    private func stream(_ urlRequest: URLRequest, through delegate: SessionDelegate) async throws -> HTTPResponseData {
        let task = session.dataTask(with: urlRequest)
        let transfer = StreamingTransfer(task: task)
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

/// The session's delegate: it hands redirects back to the client, so its ``RedirectPolicy`` decides what a redirect
/// carries, and feeds streamed bodies to their readers.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let transfers = Mutex<[Int: StreamingTransfer]>([:])

    func register(_ transfer: StreamingTransfer, for task: URLSessionTask) {
        transfers.withLock { $0[task.taskIdentifier] = transfer }
    }

    private func transfer(of task: URLSessionTask) -> StreamingTransfer? {
        transfers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        transfer(of: dataTask)?.receivedHead(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(of: dataTask)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.completed(error)
    }
}

/// One streamed body between URLSession's delegate callbacks and its reader.
///
/// Chunks the reader has not taken yet wait here: URLSession has no flow control a delegate can drive (suspending
/// the task stalls the transfer on Linux until it times out), so a reader slower than the network buffers the
/// difference. AsyncHTTPClientTransport applies NIO's backpressure instead.
private final class StreamingTransfer: @unchecked Sendable {
    // Guarded by `lock`; @unchecked because URLSessionDataTask is not Sendable on every platform.
    private let lock = NSLock()
    private let task: URLSessionDataTask
    private var head: CheckedContinuation<HTTPResponseData, any Error>?
    private var reader: CheckedContinuation<Data?, any Error>?
    private var chunks: [Data] = []
    private var ending: Result<Void, any Error>?

    init(task: URLSessionDataTask) { self.task = task }

    func waitForHead(_ continuation: CheckedContinuation<HTTPResponseData, any Error>) {
        lock.withLock { head = continuation }
    }

    func receivedHead(_ response: URLResponse) {
        let continuation = lock.withLock {
            defer { head = nil }
            return head
        }
        guard let continuation else { return }
        guard let response = response as? HTTPURLResponse else {
            task.cancel()
            continuation.resume(throwing: URLError(.badServerResponse))
            return
        }
        let stream = HTTPBodyStream(next: { try await self.next() }, cancel: { [task] in task.cancel() })
        continuation.resume(
            returning: HTTPResponseData(
                status: HTTPResponse.Status(code: response.statusCode), headerFields: HTTPFields(response),
                bodyStream: stream))
    }

    func received(_ data: Data) {
        let waiting: CheckedContinuation<Data?, any Error>? = lock.withLock {
            if let reader {
                self.reader = nil
                return reader
            }
            chunks.append(data)
            return nil
        }
        waiting?.resume(returning: data)
    }

    func completed(_ error: (any Error)?) {
        let (head, reader) = lock.withLock {
            ending = error.map { .failure($0) } ?? .success(())
            defer {
                self.head = nil
                self.reader = nil
            }
            return (self.head, self.reader)
        }
        if let head { head.resume(throwing: error ?? URLError(.badServerResponse)) }
        if let reader {
            if let error { reader.resume(throwing: error) } else { reader.resume(returning: nil) }
        }
    }

    /// The next chunk, waiting for one when none is buffered; nil at the end.
    private func next() async throws -> Data? {
        try await withCheckedThrowingContinuation { continuation in
            lock.lock()
            if !chunks.isEmpty {
                let chunk = chunks.removeFirst()
                lock.unlock()
                continuation.resume(returning: chunk)
            } else if let ending {
                lock.unlock()
                switch ending {
                case .success: continuation.resume(returning: nil)
                case .failure(let error): continuation.resume(throwing: error)
                }
            } else {
                reader = continuation
                lock.unlock()
            }
        }
    }
}

extension HTTPFields {
    /// The header fields of a URLSession response.
    fileprivate init(_ response: HTTPURLResponse) {
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
