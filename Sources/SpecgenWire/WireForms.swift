import Foundation
package import SpecgenSpec

/// Name-value pairs from a query string or an `application/x-www-form-urlencoded` body.
package struct FormPairs {
    package var pairs: [(name: String, value: String)]
    /// The text the pairs were read from.
    let text: String

    /// Parses `a=1&b=two`; `plusIsSpace` is true for form bodies, where `+` encodes a space.
    package init(_ text: String, plusIsSpace: Bool) {
        self.text = text
        pairs = text.split(separator: "&", omittingEmptySubsequences: true).map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                let text = plusIsSpace ? part.replacingOccurrences(of: "+", with: " ") : String(part)
                return text.removingPercentEncoding ?? text
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// Every value given for `name`, in order.
    package func values(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    /// Every value given for `name`, read with each `+` as a space, as a form body is read.
    func valuesAsForm(_ name: String) -> [String] { FormPairs(text, plusIsSpace: true).values(name) }

    /// The names in order of first appearance.
    var names: [String] {
        var seen: [String] = []
        for pair in pairs where !seen.contains(pair.name) { seen.append(pair.name) }
        return seen
    }
}

/// One part of a `multipart/form-data` body.
struct MultipartPart {
    var name: String
    var filename: String?
    var contentType: String?
    var body: Data
}

/// Splits a `multipart/form-data` body (RFC 7578) into its parts.
enum MultipartParser {
    enum Failure: Error, CustomStringConvertible {
        case noBoundary
        case malformed(String)

        var description: String {
            switch self {
            case .noBoundary: "has no boundary parameter"
            case .malformed(let why): "is not valid multipart/form-data: \(why)"
            }
        }
    }

    /// The `boundary` parameter of a Content-Type value.
    static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            return pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    static func parse(_ body: Data, contentType: String) throws(Failure) -> [MultipartPart] {
        guard let boundary = boundary(in: contentType), !boundary.isEmpty else { throw .noBoundary }
        let delimiter = Data("--\(boundary)".utf8)
        let bytes = body
        guard var cursor = bytes.range(of: delimiter)?.upperBound else { throw .malformed("the boundary never occurs") }
        var parts: [MultipartPart] = []
        while true {
            // After a delimiter: `--` ends the body, CRLF starts a part.
            if bytes[cursor...].starts(with: Data("--".utf8)) { return parts }
            guard bytes[cursor...].starts(with: Data("\r\n".utf8)) else {
                throw .malformed("a boundary is not followed by CRLF")
            }
            cursor += 2
            guard let headerEnd = bytes.range(of: Data("\r\n\r\n".utf8), in: cursor..<bytes.endIndex) else {
                throw .malformed("a part's headers never end")
            }
            let headerText = String(decoding: bytes[cursor..<headerEnd.lowerBound], as: UTF8.self)
            guard let next = bytes.range(of: Data("\r\n".utf8) + delimiter, in: headerEnd.upperBound..<bytes.endIndex)
            else {
                throw .malformed("the closing boundary is missing")
            }
            parts.append(try part(headers: headerText, body: Data(bytes[headerEnd.upperBound..<next.lowerBound])))
            cursor = next.upperBound
        }
    }

    private static func part(headers: String, body: Data) throws(Failure) -> MultipartPart {
        var name: String?
        var filename: String?
        var contentType: String?
        for line in headers.components(separatedBy: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            switch pair[0].lowercased() {
            case "content-disposition":
                name = parameter("name", in: value)
                filename = parameter("filename", in: value)
            case "content-type":
                contentType = value
            default:
                break
            }
        }
        guard let name else { throw .malformed("a part has no Content-Disposition name") }
        return MultipartPart(name: name, filename: filename, contentType: contentType, body: body)
    }

    /// A quoted or bare parameter of a header value, such as `name="data"`.
    private static func parameter(_ key: String, in value: String) -> String? {
        for item in value.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == key else { continue }
            var text = pair[1].trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
                text = String(text.dropFirst().dropLast())
            }
            return text
        }
        return nil
    }
}

/// The media type of a Content-Type value, lowercased, without parameters.
func baseMediaType(_ contentType: String?) -> String? {
    contentType.map { String($0.split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces).lowercased() }
}

extension SpecValue {
    /// A single value as text in a path segment, query item or header, as generated code writes it (numbers by
    /// their `description`); nil for arrays, objects and `null`.
    package var scalarText: String? {
        switch self {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): String(flag)
        case .array, .object, .null: nil
        }
    }
}
