public import Foundation

/// A file a request body is read from as it is sent. A body the runtime wrote to a temporary file (a multipart body
/// with file parts) is removed once the last request holding it is gone, after every retry.
public final class BodyFile: Hashable, Sendable {
    /// The file.
    public let url: URL
    /// Its size in bytes, sent as `Content-Length`.
    public let size: Int64
    private let temporary: Bool

    /// A file of the app's, which stays where it is. Throws when it cannot be read.
    public convenience init(_ url: URL) throws {
        try self.init(url, temporary: false)
    }

    init(_ url: URL, temporary: Bool) throws {
        self.url = url
        size = try Self.size(of: url)
        self.temporary = temporary
    }

    /// The size of the file at `url`, in bytes.
    static func size(of url: URL) throws -> Int64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// Reads the whole file, for a transport that cannot send from one.
    public func contents() throws -> Data { try Data(contentsOf: url) }

    deinit {
        if temporary { try? FileManager.default.removeItem(at: url) }
    }

    /// Files compare by path.
    public static func == (lhs: BodyFile, rhs: BodyFile) -> Bool { lhs.url == rhs.url }

    /// Hashes the path.
    public func hash(into hasher: inout Hasher) { hasher.combine(url) }
}

/// How far a request body has gone out, or a response body has come in: what a progress bar shows.
public struct TransferProgress: Hashable, Sendable {
    /// Which body moves.
    public enum Direction: Hashable, Sendable {
        /// The request body, going out.
        case upload
        /// The response body, coming in.
        case download
    }

    /// Which body moves.
    public var direction: Direction
    /// The bytes moved so far.
    public var completedBytes: Int64
    /// The body's size, when known (the request's, or the response's `Content-Length`).
    public var expectedBytes: Int64?

    /// Creates a report.
    public init(direction: Direction, completedBytes: Int64, expectedBytes: Int64?) {
        self.direction = direction
        self.completedBytes = completedBytes
        self.expectedBytes = expectedBytes
    }

    /// The fraction done, from 0 to 1, when the size is known.
    public var fractionCompleted: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, Double(completedBytes) / Double(expectedBytes))
    }

    /// The observer of the requests the current task sends; see ``observing(_:_:)``.
    @TaskLocal public static var observer: (@Sendable (TransferProgress) -> Void)?

    /// Runs `operation`, reporting the progress of every request it sends to `observer`, on the transport's
    /// thread: an upload as its body goes out, a download as its body comes in.
    ///
    /// ```swift
    /// let message = try await TransferProgress.observing({ progress in
    ///     Task { @MainActor in bar.progress = progress.fractionCompleted ?? 0 }
    /// }) {
    ///     try await client.sendMessage(ticketID: id, body: SendMessage(text: "", attachments: [file]))
    /// }
    /// ```
    public static func observing<Value, Failure: Error>(
        _ observer: @escaping @Sendable (TransferProgress) -> Void,
        _ operation: () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await $observer.withValue(observer) {
            do throws(Failure) {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
