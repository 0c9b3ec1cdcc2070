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

    /// Decodes `data` with ``decoder()``; a failure names the failing field's path and the answer's `status`, and
    /// `subject` (`the body`, `an event`) when the bytes are not JSON at all.
    static func decode<Value: Decodable>(
        _ type: Value.Type, from data: Data, operation: String, status: Int?, subject: String
    ) throws(ClientError) -> Value {
        do {
            return try decoder().decode(Value.self, from: data)
        } catch let error as DecodingError {
            let (path, message) = ClientError.describe(error)
            throw .decoding(operation: operation, status: status, path: path, message: message)
        } catch {
            throw .decoding(operation: operation, status: status, path: "", message: "\(subject) is not valid JSON")
        }
    }

    /// `value` as JSON text, encoded as ``encode(_:operation:)`` encodes it: a query parameter sent as JSON
    /// (`filter={"color":"red"}` once percent-encoded, OpenAPI's `content: application/json` on a parameter).
    public static func text(_ value: some Encodable, operation: String) throws(ClientError) -> String {
        String(decoding: try encode(value, operation: operation), as: UTF8.self)
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

extension KeyedEncodingContainer {
    /// Encodes an optional property under `key`, leaving it out when nil: `encodeIfPresent(_:forKey:)` through one
    /// generic function. Generated `encode(to:)` methods call it, since the type checker settles it in a fifth of the
    /// time it takes to weigh `encodeIfPresent`'s overloads (a 24-field part: 43 ms against 8).
    public mutating func encodeProperty<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }
}
