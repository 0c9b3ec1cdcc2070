import HTTPTypes

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
        return URLSession(configuration: configuration, delegate: RedirectsHandedBack(), delegateQueue: nil)
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
                    var fields = HTTPFields()
                    for case (let name as String, let value as String) in response.allHeaderFields {
                        if let fieldName = HTTPField.Name(name) {
                            fields.append(HTTPField(name: fieldName, value: value))
                        }
                    }
                    continuation.resume(
                        returning: HTTPResponseData(
                            status: HTTPResponse.Status(code: response.statusCode), headerFields: fields,
                            body: data ?? Data()))
                }
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }
}

/// Stops URLSession from following redirects, so the client's ``RedirectPolicy`` decides what a redirect carries.
private final class RedirectsHandedBack: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
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
