public import Foundation

/// A response body read as it arrives, in chunks: the first bytes reach the caller before the server has finished,
/// and a large download never has to fit in memory.
///
/// A transport returns one when the call's ``OperationContext/delivery`` streams. Iterate it once. Stopping
/// early, cancelling the reading task, or dropping the stream cancels the transfer and closes the connection.
public struct HTTPBodyStream: AsyncSequence, Hashable, Sendable {
    /// A chunk of the body.
    public typealias Element = Data

    private let source: Source

    /// A stream that pulls each chunk from `next` (nil at the end) and calls `cancel` when it is dropped or its
    /// reader stops before the end.
    public init(next: @escaping @Sendable () async throws -> Data?, cancel: @escaping @Sendable () -> Void = {}) {
        source = Source(next: next, cancel: cancel)
    }

    /// A stream of one chunk: a body that already arrived whole.
    public init(_ data: Data) {
        let box = Source.Once(data)
        self.init(next: { box.take() })
    }

    /// Reads the rest of the body into memory, failing when it exceeds `limit` bytes.
    public func collect(upTo limit: Int = .max) async throws -> Data {
        var data = Data()
        for try await chunk in self {
            guard data.count + chunk.count <= limit else {
                source.finish()
                throw URLError(.dataLengthExceedsMaximum)
            }
            data.append(chunk)
        }
        return data
    }

    /// Cancels the transfer; the connection closes and the stream ends.
    public func cancel() { source.finish() }

    /// Reads the chunks in order.
    public func makeAsyncIterator() -> Iterator { Iterator(source: source) }

    /// Reads the chunks in order.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        fileprivate let source: Source

        /// The next chunk, or nil at the end.
        public mutating func next() async throws -> Data? {
            let source = source
            do {
                return try await withTaskCancellationHandler {
                    try await source.next()
                } onCancel: {
                    source.finish()
                }
            } catch {
                source.finish()
                throw error
            }
        }
    }

    /// Streams compare by identity: two are equal when they read the same transfer.
    public static func == (lhs: HTTPBodyStream, rhs: HTTPBodyStream) -> Bool { lhs.source === rhs.source }

    /// Hashes the transfer's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(source)) }

    /// The transfer: cancelled once, when it ends early or when the last copy of the stream goes away.
    fileprivate final class Source: Sendable {
        private let pull: @Sendable () async throws -> Data?
        private let onCancel: @Sendable () -> Void
        private let state = Locked(State.open)

        private enum State { case open, finished }

        init(next: @escaping @Sendable () async throws -> Data?, cancel: @escaping @Sendable () -> Void) {
            pull = next
            onCancel = cancel
        }

        func next() async throws -> Data? {
            if state.withLock({ $0 == .finished }) { return nil }
            guard let chunk = try await pull() else {
                state.withLock { $0 = .finished }
                return nil
            }
            return chunk
        }

        /// Ends the transfer early (a no-op once it has ended).
        func finish() {
            let wasOpen = state.withLock { state in
                defer { state = .finished }
                return state == .open
            }
            if wasOpen { onCancel() }
        }

        deinit { finish() }

        /// One chunk, handed out once.
        final class Once: Sendable {
            private let data: Locked<Data?>
            init(_ data: Data) { self.data = Locked(data.isEmpty ? nil : data) }
            func take() -> Data? {
                data.withLock { value in
                    defer { value = nil }
                    return value
                }
            }
        }
    }
}
