public import Foundation
public import HTTPTypes

/// A streamed answer of one operation: Server-Sent Events, JSON Lines or bytes, read as they arrive, with the
/// operation's typed errors.
///
/// Generated methods of operations whose spec says `stream:` return one once the response head has arrived:
/// ```swift
/// for try await chunk in try await client.streamReply(request) {
///     print(chunk.text, terminator: "")
/// }
/// ```
/// A failure while reading (the connection drops, an item does not decode, the task is cancelled) is thrown as the
/// operation's `.failure`. Stopping early, cancelling the reading task or calling ``cancel()`` closes the
/// connection. Iterate it once.
public struct ResponseStream<Element: Sendable, Failure: ClientFailure>: AsyncSequence, Sendable {
    /// The response's status code, such as 200.
    public let statusCode: Int
    /// The response's header fields.
    public let headerFields: HTTPFields
    private let body: HTTPBodyStream
    private let operation: String
    private let reader: @Sendable (HTTPBodyStream) -> any AsyncIteratorProtocol<Element, any Error>

    init(
        _ response: HTTPResponseData, operation: String,
        reader: @escaping @Sendable (HTTPBodyStream) -> any AsyncIteratorProtocol<Element, any Error>
    ) {
        statusCode = response.statusCode
        headerFields = response.headerFields
        body = response.chunks
        self.operation = operation
        self.reader = reader
    }

    /// A stream of fixed items, for mocks and previews.
    public init(_ items: [Element], statusCode: Int = 200) {
        self.statusCode = statusCode
        headerFields = [:]
        body = HTTPBodyStream(Data())
        operation = "ResponseStream"
        reader = { _ in items.makeIterator().asyncIterator }
    }

    /// Stops the transfer and closes the connection.
    public func cancel() { body.cancel() }

    /// Reads the items in order.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: reader(body), operation: operation)
    }

    /// Reads the items in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: any AsyncIteratorProtocol<Element, any Error>
        let operation: String

        /// The next item, or nil at the end of the stream.
        public mutating func next() async throws(Failure) -> Element? {
            try await next(isolation: nil)
        }

        /// The next item, or nil at the end of the stream.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
            do {
                let element = try await base.next(isolation: actor)
                // A transfer cut short by cancellation can look like a clean end; the caller must not take a
                // partial reply for a whole one.
                if element == nil, Task.isCancelled { throw CancellationError() }
                return element
            } catch {
                throw Failure(
                    Task.isCancelled ? .cancelled(operation: operation) : ClientError(error, operation: operation))
            }
        }
    }
}

extension ResponseStream {
    /// The events of a `text/event-stream` body as they are: `event:`, `data:`, `id:` and `retry:`.
    public static func events(_ response: HTTPResponseData, operation: String) -> Self
    where Element == ServerSentEvent {
        Self(response, operation: operation) { ServerSentEvents($0).makeAsyncIterator() }
    }

    /// The `data:` of each event of a `text/event-stream` body decoded as JSON, up to the event whose data is
    /// `terminator` (such as `[DONE]`).
    public static func events(_ response: HTTPResponseData, operation: String, terminator: String?) -> Self
    where Element: Decodable {
        Self(response, operation: operation) {
            DecodedEvents<Element>($0, operation: operation, terminator: terminator).makeAsyncIterator()
        }
    }

    /// Each line of a JSON Lines body decoded as JSON.
    public static func lines(_ response: HTTPResponseData, operation: String) -> Self where Element: Decodable {
        Self(response, operation: operation) { JSONLines<Element>($0, operation: operation).makeAsyncIterator() }
    }

    /// The body's bytes, in the chunks they arrive in.
    public static func bytes(_ response: HTTPResponseData, operation: String) -> Self where Element == Data {
        Self(response, operation: operation) { $0.makeAsyncIterator() }
    }
}

extension ResponseStream where Element == Data {
    /// Writes the bytes to `file` as they arrive, replacing it, and returns how many were written; memory stays at
    /// one chunk whatever the size.
    @discardableResult
    public func write(to file: URL) async throws(Failure) -> Int {
        let handle: FileHandle
        do {
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            handle = try FileHandle(forWritingTo: file)
        } catch {
            cancel()
            throw Failure(.transport(operation: operation, message: "cannot write \(file.lastPathComponent): \(error)"))
        }
        defer { try? handle.close() }
        var written = 0
        for try await chunk in self {
            do {
                try handle.write(contentsOf: chunk)
            } catch {
                cancel()
                throw Failure(
                    .transport(operation: operation, message: "cannot write \(file.lastPathComponent): \(error)"))
            }
            written += chunk.count
        }
        return written
    }
}

extension IndexingIterator {
    /// The iterator as an asynchronous one, for fixed streams.
    fileprivate var asyncIterator: FixedItems<Self> { FixedItems(base: self) }
}

/// A synchronous iterator read asynchronously.
private struct FixedItems<Base: IteratorProtocol>: AsyncIteratorProtocol {
    var base: Base
    mutating func next() async throws -> Base.Element? { base.next() }
}

extension OperationCall {
    /// The events of a streamed `text/event-stream` answer as they are.
    public func events(from response: HTTPResponseData) -> ResponseStream<ServerSentEvent, Failure> {
        .events(response, operation: operation)
    }

    /// The events of a streamed `text/event-stream` answer, each `data:` decoded as `Item`, up to `terminator`.
    public func events<Item: Decodable & Sendable>(
        _ type: Item.Type, from response: HTTPResponseData, terminator: String?
    ) -> ResponseStream<Item, Failure> {
        .events(response, operation: operation, terminator: terminator)
    }

    /// The lines of a streamed JSON Lines answer, each decoded as `Item`.
    public func lines<Item: Decodable & Sendable>(
        _ type: Item.Type, from response: HTTPResponseData
    ) -> ResponseStream<Item, Failure> {
        .lines(response, operation: operation)
    }

    /// The bytes of a streamed answer.
    public func bytes(from response: HTTPResponseData) -> ResponseStream<Data, Failure> {
        .bytes(response, operation: operation)
    }

    /// Sends a request whose success is read as it arrives: the transport returns once the head has arrived. Any
    /// other status has its body read, up to ``errorBodyLimit`` bytes, so documented errors decode as usual; a
    /// longer body, or one cut off by the connection, keeps what arrived, and the status is never lost.
    public func send(
        streaming request: @Sendable @autoclosure () throws(ClientError) -> HTTPRequestData
    ) async throws(Failure) -> HTTPResponseData {
        var context = context
        context.delivery = .streamed
        return try await streamed(try build(request), context: context)
    }

    /// Sends a built request whose answer streams (or downloads, as `context` says), reading an error's body.
    private func streamed(
        _ request: HTTPRequestData, context: OperationContext
    ) async throws(Failure) -> HTTPResponseData {
        var response = try await send(request, context: context)
        guard !response.isSuccessful, let stream = response.bodyStream else { return response }
        var body = Data()
        do {
            // Leaving the loop early cancels the rest of the transfer.
            for try await chunk in stream {
                body.append(chunk.prefix(Self.errorBodyLimit - body.count))
                if body.count >= Self.errorBodyLimit { break }
            }
        } catch {
            if Task.isCancelled { throw Failure(.cancelled(operation: operation)) }
        }
        response.body = body
        response.bodyStream = nil
        return response
    }

    /// Sends a request whose successful body is written to `file` as it arrives (see ``save(_:to:)``); any other
    /// status is read as in ``send(streaming:)``.
    public func send(
        downloading request: @Sendable @autoclosure () throws(ClientError) -> HTTPRequestData, to file: URL
    ) async throws(Failure) -> HTTPResponseData {
        var context = context
        context.delivery = .download(to: file)
        return try await streamed(try build(request), context: context)
    }

    /// Finishes a download to `file` and returns its size in bytes: the transport already wrote the body there
    /// (URLSession's download task), or its stream is written now, a chunk at a time.
    public func save(_ response: HTTPResponseData, to file: URL) async throws(Failure) -> Int {
        guard response.bodyFile == file else { return try await bytes(from: response).write(to: file) }
        do {
            return Int(try BodyFile.size(of: file))
        } catch {
            throw Failure(.transport(operation: operation, message: "cannot read \(file.lastPathComponent): \(error)"))
        }
    }

    /// The most bytes of an error body read from a streaming operation: ``HTTPResponseData/errorBodyLimit``.
    public static var errorBodyLimit: Int { HTTPResponseData.errorBodyLimit }
}
