public import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
public import SpecgenRuntime

/// A transport over AsyncHTTPClient and SwiftNIO, for servers and for apps that want NIO's connection pool and
/// control over timeouts.
///
/// ```swift
/// import SpecgenAsyncHTTPClient
///
/// let client = ChatistClient(apiKey: key, transport: AsyncHTTPClientTransport())
/// ```
///
/// Like every transport it hands redirects back to the client, whose `RedirectPolicy` keeps credentials on their
/// origin. A request's `timeout` is its deadline, from sending to the last byte of the body; cancelling the calling
/// task cancels the request; a body larger than `maxResponseBytes` fails the call instead of exhausting memory.
public struct AsyncHTTPClientTransport: Transport {
    /// The client requests go through.
    public let client: HTTPClient
    /// The largest response body accepted.
    public let maxResponseBytes: Int
    /// The deadline of a request that declares no timeout.
    public let defaultTimeout: Duration

    /// A transport over a process-wide client that does not follow redirects, on NIO's singleton event loop group.
    public init(maxResponseBytes: Int = 256 << 20, defaultTimeout: Duration = .seconds(60)) {
        self.init(client: Self.shared, maxResponseBytes: maxResponseBytes, defaultTimeout: defaultTimeout)
    }

    /// A transport over `client`, which the app owns and shuts down. Configure it with
    /// `redirectConfiguration: .disallow`, so that the client's redirect policy, not AsyncHTTPClient, decides what a
    /// redirect carries, and with `connectionPool.retryConnectionEstablishment = false` to leave retries to the
    /// client's `RetryPolicy`.
    public init(client: HTTPClient, maxResponseBytes: Int = 256 << 20, defaultTimeout: Duration = .seconds(60)) {
        self.client = client
        self.maxResponseBytes = maxResponseBytes
        self.defaultTimeout = defaultTimeout
    }

    /// The shared client: it hands redirects back, and fails at once when a connection cannot be made, so that the
    /// client's `RetryPolicy` is the one place retries happen (and are counted, logged and traced).
    private static let shared: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10), read: .seconds(60)),
            decompression: .disabled)
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// Sends the request and collects the whole body before returning.
    public func send(_ request: HTTPRequestData, context: OperationContext) async throws -> HTTPResponseData {
        guard let url = request.url else { throw URLError(.badURL) }
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headerFields {
            outgoing.headers.add(name: field.name.rawName, value: field.value)
        }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        // A streamed body may flow for as long as the server sends it: only a declared timeout bounds it, and the
        // shared client's read timeout ends a stream that goes silent.
        let timeout = context.options.timeout.map { Duration.milliseconds(Int64($0 * 1000)) }
        let deadline =
            context.delivery.streams && timeout == nil
            ? NIODeadline.distantFuture : NIODeadline.now() + TimeAmount(timeout ?? defaultTimeout)
        do {
            let response = try await client.execute(outgoing, deadline: deadline)
            var fields = HTTPFields()
            for header in response.headers {
                if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
            }
            if context.delivery.streams {
                let reader = BodyReader(response.body.makeAsyncIterator())
                return HTTPResponseData(
                    status: HTTPResponse.Status(code: Int(response.status.code)), headerFields: fields,
                    bodyStream: HTTPBodyStream(next: { try await reader.next() }, cancel: { reader.cancel() }))
            }
            let body = try await response.body.collect(upTo: maxResponseBytes)
            return HTTPResponseData(
                status: HTTPResponse.Status(code: Int(response.status.code)), headerFields: fields,
                body: Data(body.readableBytesView))
        } catch let error as HTTPClientError {
            throw Self.translate(error)
        } catch let error as NIOTooManyBytesError {
            throw URLError(.dataLengthExceedsMaximum, userInfo: [NSLocalizedDescriptionKey: "\(error)"])
        }
    }

    /// AsyncHTTPClient's failures as the URL errors the runtime reports: a timeout, a cancellation, or a transport
    /// failure.
    static func translate(_ error: HTTPClientError) -> any Error {
        switch error {
        case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout: URLError(.timedOut)
        case .cancelled: CancellationError()
        default: error
        }
    }
}

/// Reads a streamed body for ``HTTPBodyStream``, which calls `next` from one reader at a time. Dropping the
/// iterator before the end makes AsyncHTTPClient cancel the request and close the connection.
private final class BodyReader: @unchecked Sendable {
    // Guarded by `lock`; the iterator itself is used by one reader at a time, outside the lock.
    private let lock = NSLock()
    private var iterator: HTTPClientResponse.Body.AsyncIterator?
    private var reading = false
    private var cancelled = false

    init(_ iterator: HTTPClientResponse.Body.AsyncIterator) { self.iterator = iterator }

    func next() async throws -> Data? {
        var current: HTTPClientResponse.Body.AsyncIterator? = lock.withLock {
            reading = true
            return cancelled ? nil : iterator
        }
        defer {
            lock.withLock {
                reading = false
                iterator = cancelled ? nil : current
            }
        }
        guard var body = current else { return nil }
        do {
            let chunk = try await body.next()
            current = chunk == nil ? nil : body
            return chunk.map { Data($0.readableBytesView) }
        } catch let error as HTTPClientError {
            current = nil
            throw AsyncHTTPClientTransport.translate(error)
        }
    }

    func cancel() {
        lock.withLock {
            cancelled = true
            if !reading { iterator = nil }
        }
    }
}

extension TimeAmount {
    fileprivate init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
