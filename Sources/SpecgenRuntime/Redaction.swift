public import Foundation
public import HTTPTypes

/// Decides what counts as a secret and hides it, for logs and error descriptions.
public enum Redaction {
    /// The text that replaces a secret.
    public static let placeholder = "<redacted>"

    /// Headers that always carry credentials.
    public static let sensitiveHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key",
    ]

    /// Whether a field, query item or header name looks like it holds a secret.
    public static func isSensitive(name: String, extra: Set<String> = []) -> Bool {
        let lower = name.lowercased()
        if sensitiveHeaders.contains(lower) || extra.contains(lower) { return true }
        return ["password", "token", "secret", "apikey", "api_key", "api-key", "authorization", "credential"]
            .contains { lower.contains($0) }
    }

    /// Header fields with secret values replaced: those marked as credentials, and those whose names look secret.
    public static func headers(_ fields: HTTPFields, extra: Set<String> = []) -> [(String, String)] {
        fields.map {
            let secret = $0.isCredential || isSensitive(name: $0.name.canonicalName, extra: extra)
            return ($0.name.canonicalName, secret ? placeholder : $0.value)
        }
    }

    /// A request's header fields with secret values replaced, the headers it marks as credentials included.
    public static func headers(of request: HTTPRequestData, extra: Set<String> = []) -> [(String, String)] {
        headers(request.headerFields, extra: extra)
    }

    /// Query items with secret values replaced: those marked as credentials, and those whose names look secret.
    public static func query(_ items: [QueryItem], extra: Set<String> = []) -> [QueryItem] {
        items.map { $0.isCredential || isSensitive(name: $0.name, extra: extra) ? QueryItem($0.name, placeholder) : $0 }
    }

    /// A request's URL for a log line or a trace: without user info, and with the values of secret query items
    /// (API keys included) replaced.
    public static func url(of request: HTTPRequestData, extra: Set<String> = []) -> String {
        var bare = request
        bare.query = []
        guard let url = bare.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return request.path
        }
        components.user = nil
        components.password = nil
        let text = components.string ?? request.path
        let items = query(request.query, extra: extra)
        return text + PercentEncoding.urlQuery(items, verbatim: placeholder)
    }

    /// A body as text for a log line or an error: JSON and form fields with secret names are replaced, other
    /// bodies are summarised by size, and the result is cut at `limit` bytes.
    public static func bodyPreview(_ body: Data, limit: Int = 1024, extra: Set<String> = []) -> String {
        if body.isEmpty { return "" }
        if let json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) {
            let cleaned = redactJSON(json, extra: extra)
            if let data = try? JSONSerialization.data(
                withJSONObject: cleaned, options: [.sortedKeys, .fragmentsAllowed])
            {
                return cut(String(decoding: data, as: UTF8.self), limit: limit)
            }
        }
        guard let text = String(data: body, encoding: .utf8) else { return "<\(body.count) bytes>" }
        if text.contains("="), !text.contains(" "), !text.contains("\n") {
            // Looks like a form body.
            let fields = text.split(separator: "&").map { pair -> String in
                let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                let decoded = name.removingPercentEncoding ?? name
                return isSensitive(name: decoded, extra: extra) ? "\(name)=\(placeholder)" : String(pair)
            }
            return cut(fields.joined(separator: "&"), limit: limit)
        }
        return cut(text, limit: limit)
    }

    private static func redactJSON(_ value: Any, extra: Set<String>) -> Any {
        if let object = value as? [String: Any] {
            var copy: [String: Any] = [:]
            for (key, member) in object {
                copy[key] = isSensitive(name: key, extra: extra) ? placeholder : redactJSON(member, extra: extra)
            }
            return copy
        }
        if let array = value as? [Any] { return array.map { redactJSON($0, extra: extra) } }
        return value
    }

    private static func cut(_ text: String, limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        return String(decoding: text.utf8.prefix(limit), as: UTF8.self) + "… (\(text.utf8.count) bytes)"
    }
}
