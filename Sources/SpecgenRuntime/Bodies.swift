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

    /// The encoded bytes.
    public var data: Data {
        Data(
            fields.map {
                PercentEncoding.encodeFormComponent($0.name) + "=" + PercentEncoding.encodeFormComponent($0.value ?? "")
            }
            .joined(separator: "&").utf8)
    }

    /// The `Content-Type` header value.
    public static let contentType = "application/x-www-form-urlencoded"
}

/// A file for a multipart part: its bytes, file name and MIME type (Chatist's `AttachmentDto`).
///
/// It is `Codable` (bytes as base64) only so models with file fields can be `Codable`; in a multipart body each
/// file is its own part.
public struct MultipartFile: Hashable, Sendable, Codable {
    /// The file name sent in `Content-Disposition`.
    public var filename: String
    /// The MIME type, such as `image/png`.
    public var contentType: String
    /// The bytes.
    public var data: Data

    /// Creates a file part.
    public init(filename: String, contentType: String, data: Data) {
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }

    /// Reads a file part from disk, memory-mapped, so a large file is not held in memory before the body is built.
    ///
    /// The file name defaults to the URL's last path component. Throws when the file cannot be read.
    public init(contentsOf url: URL, filename: String? = nil, contentType: String) throws {
        self.filename = filename ?? url.lastPathComponent
        self.contentType = contentType
        self.data = try Data(contentsOf: url, options: .alwaysMapped)
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

    /// The encoded body and its `Content-Type`, with a fresh random boundary.
    public func encoded() -> (data: Data, contentType: String) {
        // 186 random bits (a UUID and a 64-bit number) make a boundary no part can contain by chance, so parts are
        // not scanned for it: that scan cost a full pass over every file.
        let boundary = Self.makeBoundary()
        var body = Data()
        // One pass sizes the body, so each file's bytes are copied once, straight into place.
        body.reserveCapacity(parts.reduce(0) { $0 + payloadSize($1) + 256 } + boundary.utf8.count + 8)
        for part in parts {
            body.append(contentsOf: Array("--\(boundary)\r\n".utf8))
            switch part {
            case .text(let name, let value):
                body.append(
                    contentsOf: Array("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n".utf8))
                body.append(contentsOf: Array(value.utf8))
            case .json(let name, let data):
                body.append(
                    contentsOf: Array(
                        ("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n"
                            + "Content-Type: application/json\r\n\r\n").utf8))
                body.append(data)
            case .file(let name, let file):
                body.append(
                    contentsOf: Array(
                        ("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"; "
                            + "filename=\"\(Self.quoted(file.filename))\"\r\n"
                            + "Content-Type: \(Self.headerSafe(file.contentType))\r\n\r\n").utf8))
                body.append(file.data)
            }
            body.append(contentsOf: Array("\r\n".utf8))
        }
        body.append(contentsOf: Array("--\(boundary)--\r\n".utf8))
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    private func payloadSize(_ part: Part) -> Int {
        switch part {
        case .text(_, let value): value.utf8.count
        case .json(_, let data): data.count
        case .file(_, let file): file.data.count
        }
    }

    private static func makeBoundary() -> String {
        "specgen-" + UUID().uuidString.lowercased() + "-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    /// Escapes a name for a quoted header parameter (RFC 7578 §4.2): quotes and line breaks cannot end it early.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func headerSafe(_ text: String) -> String {
        text.filter { $0 != "\r" && $0 != "\n" }
    }
}
