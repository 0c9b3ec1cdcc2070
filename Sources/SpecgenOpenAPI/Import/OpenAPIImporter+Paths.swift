import Foundation
import SpecgenSpec

/// Path keys: what OpenAPI does not allow in one, placeholders written twice, and the route two spellings share.
extension ImportRun {
    /// `/items/{id}` with its placeholders blanked, so two spellings of one route compare equal.
    static func routeKey(_ path: String) -> String {
        var key = ""
        var inPlaceholder = false
        for character in path {
            if character == "{" {
                inPlaceholder = true
                key += "{}"
            } else if character == "}" {
                inPlaceholder = false
            } else if !inPlaceholder {
                key.append(character)
            }
        }
        return key
    }

    /// The path with each placeholder named once: a second `{id}` is `{id2}`, listed as the copy of `id`.
    static func distinctPlaceholders(_ path: String) -> (path: String, repeated: [(copy: String, original: String)]) {
        let parts = TemplatePart.parts(of: path)
        var seen = Set(parts.compactMap { if case .placeholder(let name) = $0 { name } else { nil } })
        var written: Set<String> = []
        var repeated: [(copy: String, original: String)] = []
        let distinct = parts.map { part -> String in
            switch part {
            case .literal(let text):
                return text
            case .placeholder(let name):
                guard !written.insert(name).inserted else { return "{\(name)}" }
                let copy = numbered(name) { seen.contains($0) }
                seen.insert(copy)
                repeated.append((copy, name))
                return "{\(copy)}"
            }
        }
        return repeated.isEmpty ? (path, []) : (distinct.joined(), repeated)
    }

    /// A path key without what OpenAPI does not allow in one (`?query`, `#fragment`), with a warning.
    func cleanPath(_ raw: String, at location: SourceLocation) -> String {
        var path = raw
        if let index = path.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            warn(
                .pathKey, at: location,
                "the path '\(raw)' has '\(path[index])' in it, which a path key cannot; read as '\(path[..<index])'",
                fix: "describe query items as parameters")
            path = String(path[..<index])
        }
        if !path.hasPrefix("/") { path = "/" + path }
        // White space and control characters, which the spec's request line cannot hold, are percent-encoded, as a
        // client sends them; the generated client encodes any other character itself.
        // A placeholder whose name holds them (`{u: {id}`) names no parameter: it is text, its braces encoded too.
        let allowed = CharacterSet.whitespacesAndNewlines.union(.controlCharacters).inverted
        let literal = allowed.subtracting(CharacterSet(charactersIn: "{}"))
        let encoded = TemplatePart.parts(of: path).map { part in
            switch part {
            case .literal(let text):
                text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
            case .placeholder(let name)
            where name.unicodeScalars.contains { !allowed.contains($0) } || name.contains("{"):
                "{\(name)}".addingPercentEncoding(withAllowedCharacters: literal) ?? name
            case .placeholder(let name):
                "{\(name)}"
            }
        }.joined()
        if encoded != path {
            warn(
                .pathKey, at: location,
                "the path '\(raw)' has white space or control characters; read as '\(encoded)'",
                fix: "percent-encode them in the document")
            path = encoded
        }
        return path
    }
}
