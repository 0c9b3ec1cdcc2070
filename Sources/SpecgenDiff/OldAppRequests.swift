import Foundation
import SpecgenSpec
import SpecgenWire

/// The requests an app generated from a spec sends for an operation: its required parameters and body, then
/// each optional parameter given, each body value worth trying, with the credential its auth asks for.
struct OldAppRequests {
    let spec: Spec
    /// The spec's types, resolved once for the whole diff.
    let types: TypeResolver
    let values: ValueVariants

    /// A request and how the report shows it: `POST /orders?limit=1 {"item":"x"}`.
    struct Sent {
        var request: WireRequest
        var summary: String
        /// The items of each array sent in the query, by parameter.
        var arrays: [(name: String, items: [String])] = []
    }

    /// Whether the operation's requests can be built: no form or multipart body, no binary one.
    static func isSimulated(_ endpoint: Endpoint) -> Bool {
        guard let body = endpoint.body else { return true }
        return body.encoding == .json
    }

    /// The requests, then one for each value of `trying` in its parameter (by wire name), the rest as before.
    func requests(for endpoint: Endpoint, trying: [(name: String, value: SpecValue)] = []) -> [Sent] {
        let parameters = endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters
        let optional = parameters.filter { !$0.isRequiredOnWire }
        var sets: [Set<String>] = [[]]
        for field in optional { sets.append([field.wireName]) }
        if optional.count > 1 { sets.append(Set(optional.map(\.wireName))) }
        var bodies: [SpecValue?] = [nil]
        if let body = endpoint.body, case .type(let type) = body.content {
            bodies = values.values(of: type).prefix(12).map { $0 }
        } else if let body = endpoint.body, case .fields(let fields) = body.content {
            bodies = [
                .object(
                    fields.filter(\.isRequiredOnWire).map {
                        SpecValueEntry(key: $0.wireName, value: Synthesizer(spec: spec, types: types).value(for: $0))
                    })
            ]
        }
        let credentials = credentials(endpoint)
        var sent: [Sent] = []
        for given in sets {
            for body in (given.isEmpty ? bodies : Array(bodies.prefix(1))) {
                sent.append(request(endpoint, given: given, body: body, credential: credentials[0]))
            }
        }
        // An app may hold the credential of any one scheme the operation accepts.
        for credential in credentials.dropFirst() {
            sent.append(request(endpoint, given: [], body: bodies[0], credential: credential))
        }
        for (name, value) in trying {
            sent.append(
                request(endpoint, given: [name], body: bodies[0], credential: credentials[0], values: [name: value]))
        }
        return sent
    }

    private func request(
        _ endpoint: Endpoint, given: Set<String>, body: SpecValue?,
        credential: (headers: [(name: String, value: String)], query: [String]), values: [String: SpecValue] = [:]
    ) -> Sent {
        let synthesizer = Synthesizer(spec: spec, types: types)
        // A parameter's value: the one given, or the synthesized one, where an array has two items.
        func value(_ field: Field) -> SpecValue {
            if let given = values[field.wireName] { return given }
            let value = synthesizer.value(for: field)
            if case .array(let items) = value, items.count == 1 { return .array(items + items) }
            return value
        }
        func included(_ field: Field) -> Bool { field.isRequiredOnWire || given.contains(field.wireName) }
        var path = endpoint.path
        for field in endpoint.pathParameters {
            let text = Self.texts(of: value(field)).first ?? ""
            path = path.replacingOccurrences(of: "{\(field.wireName)}", with: Self.escaped(text))
        }
        var query: [String] = []
        var arrays: [(name: String, items: [String])] = []
        var headers: [(name: String, value: String)] = []
        for field in endpoint.queryParameters where included(field) {
            let value = value(field)
            let items = Self.texts(of: value)
            if case .array = value { arrays.append((field.wireName, items)) }
            if case .deepObject? = types.textStyle(of: field), case .object(let entries) = value {
                query += entries.flatMap { entry in
                    Self.texts(of: entry.value).map {
                        "\(Self.escaped(field.wireName))%5B\(Self.escaped(entry.key))%5D=\(Self.escaped($0))"
                    }
                }
            } else if case .json? = types.textStyle(of: field) {
                query.append("\(Self.escaped(field.wireName))=\(Self.escaped(JSONText.encode(value)))")
            } else if case .comma? = types.textStyle(of: field) {
                query.append("\(Self.escaped(field.wireName))=\(Self.escaped(items.joined(separator: ",")))")
            } else {
                query += items.map { "\(Self.escaped(field.wireName))=\(Self.escaped($0))" }
            }
        }
        for field in endpoint.headerParameters where included(field) {
            let value = value(field)
            headers.append((field.wireName, Self.texts(of: value).joined(separator: ",")))
        }
        // What the client adds to every call: the spec's default headers, the operation's idempotency key.
        headers += spec.defaultHeaders.map { ($0.name, $0.value) }
        if let key = endpoint.idempotencyKey { headers.append((key, "00000000-0000-4000-8000-000000000000")) }
        headers += credential.headers
        query += credential.query
        var data = Data()
        var shown = ""
        if let body {
            let json = JSONText.encode(body)
            data = Data(json.utf8)
            shown = " " + json
            headers.append(("Content-Type", endpoint.body?.contentType ?? "application/json"))
        }
        let queryText = query.joined(separator: "&")
        return Sent(
            request: WireRequest(
                method: endpoint.method.rawValue, path: path, query: queryText, headers: headers, body: data),
            summary: "\(endpoint.method.rawValue) \(path)\(queryText.isEmpty ? "" : "?" + queryText)\(shown)",
            arrays: arrays)
    }

    /// The credential of each scheme the operation accepts, one at a time; one without any when it needs none.
    private func credentials(_ endpoint: Endpoint) -> [(headers: [(name: String, value: String)], query: [String])] {
        guard let requirement = spec.authRequirement(of: endpoint), !requirement.optional else { return [([], [])] }
        let found = requirement.schemes.compactMap { spec.authScheme(named: $0) }.map(credential)
        return found.isEmpty ? [([], [])] : found
    }

    private func credential(_ scheme: AuthScheme) -> (headers: [(name: String, value: String)], query: [String]) {
        switch scheme.kind {
        case .bearer, .oauth2: return ([("Authorization", "Bearer token")], [])
        case .basic: return ([("Authorization", "Basic dXNlcjpwYXNz")], [])
        case .apiKey(let key, .query): return ([], ["\(Self.escaped(key))=key"])
        case .apiKey(let key, .header): return ([(key, "key")], [])
        }
    }

    /// The text forms of a value as the client sends it in a path, query item or header: one per array item.
    static func texts(of value: SpecValue) -> [String] {
        if case .array(let items) = value { return items.compactMap(\.scalarText) }
        return value.scalarText.map { [$0] } ?? []
    }

    static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(["&", "=", "+", "?", "#"]))
            ?? text
    }
}
