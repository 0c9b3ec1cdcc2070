public import Foundation

/// An `application/x-www-form-urlencoded` body; every reserved character is encoded, so tokens containing
/// `/`, `+`, `=`, `&` or `%` arrive intact and no caller encodes by hand.
public struct FormBody: Hashable, Sendable {
    /// The fields in order.
    public private(set) var fields: [QueryItem] = []

    /// Creates an empty body.
    public init() {}

    /// Adds a field; a nil value is left out.
    public mutating func append(_ name: String, _ value: String?) {
        if let value { fields.append(QueryItem(name, value)) }
    }

    /// Adds an object's entries as `name[key]=value` fields (OpenAPI's `deepObject` style), in key order.
    public mutating func append(_ name: String, deepObject object: [String: String]) {
        fields += QueryItem.deepObject(name, object)
    }

    /// Adds a field whose value is a list joined by literal commas; an empty list is sent as no field at all.
    public mutating func append(_ name: String, commaSeparated elements: [String]) {
        fields.append(QueryItem(name, commaSeparated: elements))
    }

    /// The encoded bytes.
    public var data: Data {
        Data(
            // One pass, one array: a field that is not sent maps to nil.
            fields.compactMap { field in
                guard field.isSent else { return nil }
                return PercentEncoding.encodeFormComponent(field.name) + "="
                    + (field.encodedValue(encoding: PercentEncoding.encodeFormComponent) ?? "")
            }
            .joined(separator: "&").utf8)
    }

    /// The `Content-Type` header value.
    public static let contentType = "application/x-www-form-urlencoded"
}

/// A file for a multipart part: its bytes or the file they are in, its file name and MIME type (Chatist's
/// `AttachmentDto`).
///
/// It is `Codable` (bytes as base64) only so a `Codable` model may hold one; in a multipart body each file is its
/// own part, and a model that travels only there is not `Codable` at all. A part made with ``init(contentsOf:filename:contentType:)`` stays on disk: the body is
/// written to a temporary file a chunk at a time and uploaded from there, so an attachment of any size is sent at
/// constant memory.
public struct MultipartFile: Hashable, Sendable, Codable {
    /// The file name sent in `Content-Disposition`.
    public var filename: String
    /// The MIME type, such as `image/png`.
    public var contentType: String
    /// The file the bytes are read from when the body is sent, if the part was made from one.
    public private(set) var fileURL: URL?
    private var bytes: Data

    /// The bytes: read from the file when the part was made from one (empty if it can no longer be read); setting
    /// them detaches the part from its file.
    public var data: Data {
        get { fileURL.map { (try? Data(contentsOf: $0)) ?? Data() } ?? bytes }
        set {
            bytes = newValue
            fileURL = nil
        }
    }

    /// Creates a file part.
    public init(filename: String, contentType: String, data: Data) {
        self.filename = filename
        self.contentType = contentType
        self.bytes = data
    }

    /// A file part read from disk as the body is sent, never whole.
    ///
    /// The file name defaults to the URL's last path component. Throws when the file cannot be read.
    public init(contentsOf url: URL, filename: String? = nil, contentType: String) throws {
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
        self.filename = filename ?? url.lastPathComponent
        self.contentType = contentType
        self.bytes = Data()
        self.fileURL = url
    }

    /// The size in bytes.
    var size: Int {
        guard let fileURL else { return bytes.count }
        return (try? BodyFile.size(of: fileURL)).map { Int($0) } ?? 0
    }

    private enum CodingKeys: String, CodingKey { case filename, contentType, data }

    /// Decodes the file name, type and base64 bytes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        filename = try container.decode(String.self, forKey: .filename)
        contentType = try container.decode(String.self, forKey: .contentType)
        bytes = try container.decode(Data.self, forKey: .data)
    }

    /// Encodes the file name, type and bytes as base64.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(filename, forKey: .filename)
        try container.encode(contentType, forKey: .contentType)
        try container.encode(data, forKey: .data)
    }
}

/// A `multipart/form-data` body with text, JSON and file parts.
public struct MultipartBody: Sendable {
    private enum Part: Sendable {
        case text(name: String, value: String)
        case json(name: String, data: Data)
        case file(name: String, file: MultipartFile)
    }

    private var parts: [Part] = []

    /// Creates an empty body.
    public init() {}

    /// Adds a text part.
    public mutating func append(_ name: String, text: String) { parts.append(.text(name: name, value: text)) }
    /// Adds a JSON part (`Content-Type: application/json`).
    public mutating func append(_ name: String, json: Data) { parts.append(.json(name: name, data: json)) }
    /// Adds a file part.
    public mutating func append(_ name: String, file: MultipartFile) { parts.append(.file(name: name, file: file)) }

    /// Whether a file part is read from disk, so the body is better written to a file than built in memory.
    public var hasFileParts: Bool {
        parts.contains { if case .file(_, let file) = $0 { file.fileURL != nil } else { false } }
    }

    /// Writes the encoded body to `url`, copying file parts a chunk at a time; returns its `Content-Type`.
    public func write(to url: URL) throws -> String {
        let boundary = Self.makeBoundary()
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let output = try FileHandle(forWritingTo: url)
        defer { try? output.close() }
        // Boundaries and part headers come in small pieces; they are gathered into one write before each payload.
        var pending = Data()
        func flush() throws {
            if !pending.isEmpty { try output.write(contentsOf: pending) }
            pending.removeAll(keepingCapacity: true)
        }
        try encode(
            boundary: boundary, text: { Self.append($0, to: &pending) },
            bytes: { data in
                try flush()
                try output.write(contentsOf: data)
            },
            file: { file in
                try flush()
                guard let source = file.fileURL else { return try output.write(contentsOf: file.data) }
                let input = try FileHandle(forReadingFrom: source)
                defer { try? input.close() }
                while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                    try output.write(contentsOf: chunk)
                }
            })
        try flush()
        return "multipart/form-data; boundary=\(boundary)"
    }

    /// The encoded body and its `Content-Type`, with a fresh random boundary.
    public func encoded() -> (data: Data, contentType: String) {
        // 186 random bits (a UUID and a 64-bit number) make a boundary no part can contain by chance, so parts are
        // not scanned for it: that scan cost a full pass over every file.
        let boundary = Self.makeBoundary()
        var body = Data()
        // One pass sizes the body, so each file's bytes are copied once, straight into place.
        body.reserveCapacity(parts.reduce(0) { $0 + payloadSize($1) + 256 } + boundary.utf8.count + 8)
        encode(
            boundary: boundary, text: { Self.append($0, to: &body) }, bytes: { body.append($0) },
            file: { body.append($0.data) })
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    /// Appends a string's UTF-8 bytes without an intermediate copy.
    private static func append(_ text: String, to data: inout Data) {
        var text = text
        text.withUTF8 { data.append($0) }
    }

    /// The body in order, handed out as text (boundaries, part headers, text values), bytes (JSON parts) and file
    /// parts' contents: one encoding serves the body in memory and the body in a file. Text comes in pieces, literals
    /// and values as they are, so building a part's header copies nothing.
    private func encode(
        boundary: String, text: (String) throws -> Void, bytes: (Data) throws -> Void,
        file: (MultipartFile) throws -> Void
    ) rethrows {
        for part in parts {
            try text("--")
            try text(boundary)
            try text("\r\nContent-Disposition: form-data; name=\"")
            switch part {
            case .text(let name, let value):
                try text(Self.quoted(name))
                try text("\"\r\n\r\n")
                try text(value)
            case .json(let name, let data):
                try text(Self.quoted(name))
                try text("\"\r\nContent-Type: application/json\r\n\r\n")
                try bytes(data)
            case .file(let name, let contents):
                try text(Self.quoted(name))
                try text("\"; filename=\"")
                try text(Self.quoted(contents.filename))
                try text("\"\r\nContent-Type: ")
                try text(Self.headerSafe(contents.contentType))
                try text("\r\n\r\n")
                try file(contents)
            }
            try text("\r\n")
        }
        try text("--")
        try text(boundary)
        try text("--\r\n")
    }

    private func payloadSize(_ part: Part) -> Int {
        switch part {
        case .text(_, let value): value.utf8.count
        case .json(_, let data): data.count
        case .file(_, let file): file.size
        }
    }

    private static func makeBoundary() -> String {
        "specgen-" + UUID().uuidString.lowercased() + "-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    /// Escapes a name for a quoted header parameter (RFC 7578 §4.2): quotes and line breaks cannot end it early.
    private static func quoted(_ text: String) -> String {
        // Almost every name needs nothing, and is then returned as it is, without a copy.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || isLineBreak($0) })
        else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "%22"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Drops line breaks from a header value, by scalar: `\r\n` is one `Character`, which a character filter keeps.
    private static func headerSafe(_ text: String) -> String {
        guard text.utf8.contains(where: isLineBreak) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }))
    }

    private static func isLineBreak(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") }
}
