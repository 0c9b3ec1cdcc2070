public import Foundation

/// JSON coders configured the way generated models expect.
///
/// Dates decode from ISO 8601 with or without fractional seconds and encode as ISO 8601 (with fractional seconds
/// only when the date has them); fields with explicit formats use ``DateFormat``.
public enum JSONCoding {
    /// A decoder for generated models.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = DateFormat.iso8601.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected an ISO 8601 date")
            }
            return date
        }
        decoder.dataDecodingStrategy = .base64
        return decoder
    }

    /// An encoder for generated models; keys are sorted so bodies are byte-stable.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(DateFormat.iso8601.string(from: date))
        }
        encoder.dataEncodingStrategy = .base64
        return encoder
    }

    /// Encodes `value` with ``encoder()``; a failure names the field's path, never the value (it may be a secret).
    public static func encode(_ value: some Encodable, operation: String) throws(ClientError) -> Data {
        do {
            return try encoder().encode(value)
        } catch {
            var message = "the value cannot be encoded as JSON"
            if let error = error as? EncodingError, case .invalidValue(_, let context) = error {
                let path = context.codingPath.map(\.stringValue).joined(separator: ".")
                if !path.isEmpty { message += " at '\(path)'" }
            }
            throw .encoding(operation: operation, message: message)
        }
    }
}

/// A date format: ISO 8601 (the default), a calendar date, or an explicit pattern such as `yyyy-MM-dd HH:mm:ss`.
public struct DateFormat: Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case iso8601
        case pattern(String)
    }

    private let kind: Kind

    /// ISO 8601 date-time, read with or without fractional seconds.
    public static let iso8601 = DateFormat(kind: .iso8601)
    /// A calendar date, `yyyy-MM-dd`, in UTC.
    public static let date = DateFormat(kind: .pattern("yyyy-MM-dd"))

    /// An explicit pattern in UTC, such as `yyyy-MM-dd HH:mm:ss` (Chatist's `updatedAt`).
    public static func pattern(_ pattern: String) -> DateFormat { DateFormat(kind: .pattern(pattern)) }

    /// `ISO 8601` or the pattern, for error messages.
    public var description: String {
        switch kind {
        case .iso8601: "ISO 8601"
        case .pattern(let pattern): "'\(pattern)'"
        }
    }

    /// Parses a date, or nil when the text does not match.
    public func date(from text: String) -> Date? {
        switch kind {
        case .iso8601:
            if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
            return try? Date.ISO8601FormatStyle().parse(text)
        case .pattern(let pattern):
            return Self.formatter(pattern).date(from: text)
        }
    }

    /// Formats a date.
    public func string(from date: Date) -> String {
        switch kind {
        case .iso8601:
            let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole))
        case .pattern(let pattern):
            return Self.formatter(pattern).string(from: date)
        }
    }

    private static func formatter(_ pattern: String) -> DateFormatter {
        // DateFormatter is costly to make and not Sendable; one per pattern per thread is both cheap and safe.
        let key = "specgen.DateFormat." + pattern
        if let cached = Thread.current.threadDictionary[key] as? DateFormatter { return cached }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        Thread.current.threadDictionary[key] = formatter
        return formatter
    }
}
