import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session's delegate: it hands redirects back to the client, so its ``RedirectPolicy`` decides what a redirect
/// carries, and feeds streamed bodies to their readers.
final class SessionDelegate: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, Sendable {
    private let transfers = Locked<[Int: StreamingTransfer]>([:])
    private let downloads = Locked<[Int: DownloadTransfer]>([:])

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
final class DownloadTransfer: @unchecked Sendable {
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
final class StreamingTransfer: @unchecked Sendable {
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
