import Foundation

/// One event of a `text/event-stream` body, as the WHATWG HTML standard defines its fields.
public struct ServerSentEvent: Hashable, Sendable {
    /// The `event:` type, or nil for the default (`message`).
    public var event: String?
    /// The `data:` lines, joined with newlines.
    public var data: String
    /// The last `id:` seen on the stream, carried by every later event as the standard says.
    public var id: String?
    /// The `retry:` delay in milliseconds, when this event set one.
    public var retry: Int?

    /// Creates an event.
    public init(event: String? = nil, data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}

/// The events of a `text/event-stream` body, parsed as the chunks arrive: each event reaches the reader as soon as
/// its blank line has, whatever the chunk boundaries.
///
/// Lines may end in LF, CRLF or CR; comment lines (`: keep-alive`) and unknown fields are skipped; an event cut off
/// by the end of the body is dropped, as the standard says.
public struct ServerSentEvents: AsyncSequence, Sendable {
    /// An event.
    public typealias Element = ServerSentEvent

    private let body: HTTPBodyStream

    /// The events of `body`.
    public init(_ body: HTTPBodyStream) { self.body = body }

    /// Reads the events in order.
    public func makeAsyncIterator() -> Iterator { Iterator(chunks: body.makeAsyncIterator()) }

    /// Reads the events in order.
    public struct Iterator: AsyncIteratorProtocol {
        var chunks: HTTPBodyStream.Iterator
        var lines = LineSplitter()
        var parser = EventParser()
        var pending: [ServerSentEvent] = []
        var ended = false

        /// The next event, or nil at the end of the body.
        public mutating func next() async throws -> ServerSentEvent? {
            while pending.isEmpty {
                if ended { return nil }
                if let chunk = try await chunks.next() {
                    for line in lines.push(chunk) {
                        if let event = parser.take(line) { pending.append(event) }
                    }
                } else {
                    ended = true
                    if let line = lines.finish(), let event = parser.take(line) { pending.append(event) }
                }
            }
            return pending.removeFirst()
        }
    }
}

/// Splits bytes into lines at LF, CRLF or CR, across chunk boundaries.
struct LineSplitter {
    private var current: [UInt8] = []
    private var lastWasCR = false
    private var started = false

    /// The lines `chunk` completes.
    mutating func push(_ chunk: Data) -> [String] {
        var lines: [String] = []
        for byte in chunk {
            if lastWasCR {
                lastWasCR = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A: lines.append(emit())
            case 0x0D:
                lines.append(emit())
                lastWasCR = true
            default: current.append(byte)
            }
        }
        return lines
    }

    /// The last line, when the body ends without a line break.
    mutating func finish() -> String? { current.isEmpty ? nil : emit() }

    private mutating func emit() -> String {
        var line = String(decoding: current, as: UTF8.self)
        if !started {
            started = true
            if line.hasPrefix("\u{FEFF}") { line.removeFirst() }
        }
        current.removeAll(keepingCapacity: true)
        return line
    }
}

/// Builds events from lines.
struct EventParser {
    private var event: String?
    private var data: [String] = []
    private var lastID: String?
    private var retry: Int?
    private var hasData = false

    /// The event a blank line dispatches, or nil.
    mutating func take(_ line: String) -> ServerSentEvent? {
        if line.isEmpty { return dispatch() }
        if line.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = Substring(line)
            value = ""
        }
        switch field {
        case "event": event = String(value)
        case "data":
            data.append(String(value))
            hasData = true
        case "id" where !value.contains("\u{0}"): lastID = String(value)
        case "retry":
            if !value.isEmpty, value.allSatisfy(\.isASCII), let milliseconds = Int(value) { retry = milliseconds }
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            event = nil
            data = []
            retry = nil
            hasData = false
        }
        guard hasData else { return nil }
        return ServerSentEvent(event: event, data: data.joined(separator: "\n"), id: lastID, retry: retry)
    }
}

/// The lines of a JSON Lines body (`application/jsonl`, `application/x-ndjson`), each decoded as `Element`; blank
/// lines are skipped.
public struct JSONLines<Element: Decodable & Sendable>: AsyncSequence, Sendable {
    private let body: HTTPBodyStream
    private let operation: String

    /// The values of `body`; a line that does not decode fails with a ``ClientError/decoding(operation:status:path:message:)``
    /// naming `operation`.
    public init(_ body: HTTPBodyStream, operation: String) {
        self.body = body
        self.operation = operation
    }

    /// Reads the values in order.
    public func makeAsyncIterator() -> Iterator { Iterator(chunks: body.makeAsyncIterator(), operation: operation) }

    /// Reads the values in order.
    public struct Iterator: AsyncIteratorProtocol {
        var chunks: HTTPBodyStream.Iterator
        let operation: String
        var lines = LineSplitter()
        var pending: [String] = []
        var ended = false

        /// The next value, or nil at the end of the body.
        public mutating func next() async throws -> Element? {
            while true {
                while let line = pending.first {
                    pending.removeFirst()
                    if line.allSatisfy(\.isWhitespace) { continue }
                    return try JSONCoding.decode(
                        Element.self, from: Data(line.utf8), operation: operation, status: nil, subject: "an event")
                }
                if ended { return nil }
                if let chunk = try await chunks.next() {
                    pending += lines.push(chunk)
                } else {
                    ended = true
                    if let line = lines.finish() { pending.append(line) }
                }
            }
        }
    }
}

/// The `data:` of each event of a `text/event-stream` body, decoded as JSON into `Event`, up to a terminator such
/// as OpenAI's and Mistral's `[DONE]`.
public struct DecodedEvents<Event: Decodable & Sendable>: AsyncSequence, Sendable {
    private let events: ServerSentEvents
    private let operation: String
    private let terminator: String?

    /// The events of `body`. An event whose data is `terminator` ends the sequence; one that does not decode fails
    /// with a ``ClientError/decoding(operation:status:path:message:)`` naming `operation` and the field.
    public init(_ body: HTTPBodyStream, operation: String, terminator: String? = "[DONE]") {
        events = ServerSentEvents(body)
        self.operation = operation
        self.terminator = terminator
    }

    /// Reads the events in order.
    public func makeAsyncIterator() -> Iterator {
        Iterator(events: events.makeAsyncIterator(), operation: operation, terminator: terminator)
    }

    /// Reads the events in order.
    public struct Iterator: AsyncIteratorProtocol {
        var events: ServerSentEvents.Iterator
        let operation: String
        let terminator: String?
        var done = false

        /// The next event, or nil after the terminator or at the end of the body.
        public mutating func next() async throws -> Event? {
            guard !done, let event = try await events.next() else { return nil }
            if let terminator, event.data == terminator {
                done = true
                return nil
            }
            return try JSONCoding.decode(
                Event.self, from: Data(event.data.utf8), operation: operation, status: nil, subject: "an event")
        }
    }
}
