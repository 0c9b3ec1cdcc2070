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

    /// Whether the transport sends a ``HTTPRequestData/bodyFile`` from the file itself; when it does not (the
    /// default), the client reads the file into ``HTTPRequestData/body`` first.
    var sendsBodyFiles: Bool { get }
}

extension Transport {
    /// False: the client reads a body file into memory for this transport.
    public var sendsBodyFiles: Bool { false }
}

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
    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
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
        if let timeout = request.options.timeout { urlRequest.timeoutInterval = Self.timeoutInterval(timeout) }
        if let policy = request.options.cachePolicy { urlRequest.cachePolicy = policy }
        try Task.checkCancellation()
        let observer = TransferProgress.observer
        if let delegate = session.delegate as? SessionDelegate {
            if let destination = request.downloadDestination {
                return try await download(urlRequest, to: destination, observer: observer, through: delegate)
            }
            if request.streamsResponse || request.bodyFile != nil || observer != nil {
                let response = try await stream(
                    urlRequest, bodyFile: request.bodyFile, observer: observer, through: delegate)
                guard !request.streamsResponse, let stream = response.bodyStream else { return response }
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
    fileprivate func download(
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

/// The session's delegate: it hands redirects back to the client, so its ``RedirectPolicy`` decides what a redirect
/// carries, and feeds streamed bodies to their readers.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, Sendable {
    private let transfers = Mutex<[Int: StreamingTransfer]>([:])
    private let downloads = Mutex<[Int: DownloadTransfer]>([:])

    func register(_ transfer: StreamingTransfer, for task: URLSessionTask) {
        transfers.withLock { $0[task.taskIdentifier] = transfer }
    }

    func register(_ download: DownloadTransfer, for task: URLSessionTask) {
        downloads.withLock { $0[task.taskIdentifier] = download }
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
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let observer =
            transfer(of: task)?.observer ?? downloads.withLock { $0[task.taskIdentifier]?.observer }
        observer?(
            TransferProgress(
                direction: .upload, completedBytes: totalBytesSent,
                expectedBytes: totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil))
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

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        downloads.withLock { $0[downloadTask.taskIdentifier]?.observer }?(
            TransferProgress(
                direction: .download, completedBytes: totalBytesWritten,
                expectedBytes: totalBytesExpectedToWrite > 0 ? totalBytesExpectedToWrite : nil))
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
    ) {
        downloads.withLock { $0[downloadTask.taskIdentifier] }?.finished(at: location, response: downloadTask.response)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.completed(error)
        let download = downloads.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        download?.completed(error)
    }
}

/// A download straight to a file: URLSession writes each chunk to its temporary file as it arrives, so the body
/// never waits in memory. A success is moved to the destination; any other status keeps its first MiB as the body,
/// for the error to decode.
private final class DownloadTransfer: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private let destination: URL
    let observer: (@Sendable (TransferProgress) -> Void)?
    private var continuation: CheckedContinuation<HTTPResponseData, any Error>?
    private var outcome: Result<HTTPResponseData, any Error>?

    init(destination: URL, observer: (@Sendable (TransferProgress) -> Void)?) {
        self.destination = destination
        self.observer = observer
    }

    func wait(_ continuation: CheckedContinuation<HTTPResponseData, any Error>) {
        lock.withLock { self.continuation = continuation }
    }

    /// Takes the file from URLSession, which removes it when this returns.
    func finished(at location: URL, response: URLResponse?) {
        let outcome = Result { () throws -> HTTPResponseData in
            guard let response = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            var answer = HTTPResponseData(
                status: HTTPResponse.Status(code: response.statusCode), headerFields: HTTPFields(response))
            if answer.isSuccessful {
                let manager = FileManager.default
                if manager.fileExists(atPath: destination.path) { try manager.removeItem(at: destination) }
                try manager.moveItem(at: location, to: destination)
                answer.bodyFile = destination
            } else {
                let handle = try FileHandle(forReadingFrom: location)
                defer { try? handle.close() }
                answer.body = try handle.read(upToCount: HTTPResponseData.errorBodyLimit) ?? Data()
            }
            return answer
        }
        lock.withLock { self.outcome = outcome }
    }

    func completed(_ error: (any Error)?) {
        let (continuation, outcome) = lock.withLock {
            defer { self.continuation = nil }
            return (self.continuation, self.outcome)
        }
        if let error {
            continuation?.resume(throwing: error)
        } else {
            continuation?.resume(with: outcome ?? .failure(URLError(.badServerResponse)))
        }
    }
}

/// One streamed body between URLSession's delegate callbacks and its reader.
///
/// Chunks the reader has not taken yet wait in a ``SpillBuffer``: URLSession has no flow control a delegate can
/// drive (suspending the task stalls the transfer on Linux until it times out), so past the transport's
/// ``URLSessionTransport/streamMemoryLimit`` a reader slower than the network leaves the rest in a temporary file
/// rather than in memory. AsyncHTTPClientTransport applies NIO's backpressure instead.
private final class StreamingTransfer: @unchecked Sendable {
    // Guarded by `lock`; @unchecked because URLSessionDataTask is not Sendable on every platform.
    private let lock = NSLock()
    private let task: URLSessionDataTask
    private var head: CheckedContinuation<HTTPResponseData, any Error>?
    private var reader: CheckedContinuation<Data?, any Error>?
    private var chunks: SpillBuffer
    private var ending: Result<Void, any Error>?
    /// Told how much of each body has moved.
    let observer: (@Sendable (TransferProgress) -> Void)?
    /// Kept until the transfer ends, so a temporary body file outlives its upload.
    private let bodyFile: BodyFile?
    private var receivedBytes: Int64 = 0
    private var expectedBytes: Int64?

    init(
        task: URLSessionDataTask, memoryLimit: Int, observer: (@Sendable (TransferProgress) -> Void)?,
        bodyFile: BodyFile?
    ) {
        self.task = task
        chunks = SpillBuffer(memoryLimit: memoryLimit)
        self.observer = observer
        self.bodyFile = bodyFile
    }

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
        if response.expectedContentLength >= 0 {
            lock.withLock { expectedBytes = response.expectedContentLength }
        }
        let stream = HTTPBodyStream(next: { try await self.next() }, cancel: { [task] in task.cancel() })
        continuation.resume(
            returning: HTTPResponseData(
                status: HTTPResponse.Status(code: response.statusCode), headerFields: HTTPFields(response),
                bodyStream: stream))
    }

    func received(_ data: Data) {
        let (waiting, progress) = lock.withLock { () -> (CheckedContinuation<Data?, any Error>?, TransferProgress?) in
            receivedBytes += Int64(data.count)
            let progress = observer.map { _ in
                TransferProgress(direction: .download, completedBytes: receivedBytes, expectedBytes: expectedBytes)
            }
            if let reader {
                self.reader = nil
                return (reader, progress)
            }
            chunks.append(data)
            return (nil, progress)
        }
        if let progress { observer?(progress) }
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
                let chunk = Result { try chunks.next() }
                lock.unlock()
                if case .failure = chunk { task.cancel() }
                continuation.resume(with: chunk)
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
