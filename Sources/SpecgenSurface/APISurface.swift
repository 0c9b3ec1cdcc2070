package import SpecgenEmitter
package import SpecgenSpec

/// The API surface of a generated client: every public Swift symbol, one per line, with its wire mapping.
///
/// Lines are sorted by symbol, so the file is byte-stable and a pull-request diff of it reads as a review:
/// `var TokenResponse.accessToken: String  <- "access_token"`.
package struct APISurface: Hashable, Sendable {
    /// One symbol.
    package struct Entry: Hashable, Sendable, Comparable {
        /// The qualified symbol, such as `TokenResponse.accessToken`, used for sorting and lookup.
        package var symbol: String
        /// The Swift declaration.
        package var swift: String
        /// What it means on the wire, when it maps to something there.
        package var wire: String?

        package static func < (lhs: Entry, rhs: Entry) -> Bool { (lhs.symbol, lhs.swift) < (rhs.symbol, rhs.swift) }

        /// `swift  <- wire`.
        package var line: String { wire.map { "\(swift)  <- \($0)" } ?? swift }
    }

    /// The API's name and version, and the spec it came from.
    package var header: String
    /// The symbols, sorted.
    package var entries: [Entry]

    /// The surface of the client generated from `spec` (named `sourcePath` in the header).
    package init(spec: Spec, sourcePath: String) {
        self.init(spec: spec, plan: ClientPlanner(spec: spec, sourcePath: sourcePath).plan())
    }

    /// The surface of the client of `spec` that `plan` describes.
    package init(spec: Spec, plan: ClientPlan) {
        let sourcePath = plan.sourcePath
        let files = SwiftEmitter().render(plan)
        let wire = WireMap(spec: spec, plan: plan)
        var entries: [Entry] = []
        for file in files {
            for declaration in file.declarations {
                entries.append(
                    Entry(
                        symbol: declaration.symbol, swift: declaration.text,
                        wire: wire.mapping(owner: declaration.owner, name: declaration.name)))
            }
        }
        header =
            "// \(plan.apiName) \(spec.version): the API surface of the client generated from \(sourcePath)."
            + " Regenerate with `specgen surface \(sourcePath) -o <this file>`."
        self.entries = Array(Set(entries)).sorted()
    }

    /// The file: the header, then one line per symbol.
    package var text: String {
        ([header] + entries.map(\.line)).joined(separator: "\n") + "\n"
    }
}

/// What each generated symbol means on the wire.
private struct WireMap {
    private var byOwner: [String: [String: String]] = [:]

    init(spec: Spec, plan: ClientPlan) {
        for model in plan.models {
            switch model {
            case .object(let object):
                for property in object.properties {
                    byOwner[object.typeName, default: [:]][property.name.withoutBackticks] = "\"\(property.wireName)\""
                }
            case .enumeration(let enumeration):
                for item in enumeration.cases {
                    byOwner[enumeration.typeName, default: [:]][item.name.withoutBackticks] = "\"\(item.rawValue)\""
                }
            case .union(let union):
                for item in union.cases {
                    byOwner[union.typeName, default: [:]][item.name.withoutBackticks] =
                        item.tags.isEmpty
                        ? item.specType
                        : "\(union.discriminator ?? "")=" + item.tags.map { "\"\($0)\"" }.joined(separator: "|")
                }
            case .alias:
                break
            }
        }
        for error in plan.errors {
            for item in error.cases {
                byOwner[error.typeName, default: [:]][item.name.withoutBackticks] = item.status.description
            }
        }
        for server in plan.servers {
            byOwner[plan.names.server, default: [:]][server.caseName.withoutBackticks] = server.url
        }
        for (operation, endpoint) in zip(plan.operations, spec.endpoints) {
            let summary = Self.summary(endpoint, spec: spec)
            for owner in [plan.names.api, plan.names.client, plan.names.mock, plan.names.requests] {
                byOwner[owner, default: [:]][operation.bareName] =
                    owner == plan.names.api
                    ? summary : "\(endpoint.method.rawValue) \(endpoint.path)"
            }
            if let headers = operation.responseHeaders {
                for owner in [plan.names.api, plan.names.client, plan.names.mock] {
                    byOwner[owner, default: [:]][headers.methodName] =
                        "\(endpoint.method.rawValue) \(endpoint.path) with headers"
                }
                for header in headers.headers {
                    byOwner[headers.typeName, default: [:]][header.name.withoutBackticks] = header.wireName
                }
            }
            if let member = operation.resourceMember {
                byOwner[plan.names.resourceType(member.resource), default: [:]][member.name.withoutBackticks] =
                    "\(endpoint.method.rawValue) \(endpoint.path)"
            }
            if let pages = operation.pagination {
                byOwner[plan.names.api, default: [:]][pages.methodName] =
                    "pages of \(endpoint.method.rawValue) \(endpoint.path)"
            }
            if let polling = operation.polling {
                byOwner[plan.names.api, default: [:]][polling.methodName] =
                    "polls \(endpoint.method.rawValue) \(endpoint.path)"
            }
        }
    }

    func mapping(owner: String?, name: String) -> String? {
        owner.flatMap { byOwner[$0]?[name] }
    }

    /// `POST /auth/token/ form{grant_type, username, password} auth:none -> 200 TokenResponse`.
    static func summary(_ endpoint: Endpoint, spec: Spec) -> String {
        var parts = ["\(endpoint.method.rawValue) \(endpoint.path)"]
        if let server = endpoint.server { parts[0] = "\(endpoint.method.rawValue) {\(server.name)}\(endpoint.path)" }
        func fields(_ label: String, _ fields: [Field]) {
            if let list = Self.fieldList(label, fields) { parts.append(list) }
        }
        fields("query", endpoint.queryParameters)
        fields("headers", endpoint.headerParameters)
        if let body = endpoint.body {
            switch body.content {
            case .type(let type): parts.append("\(body.encoding.rawValue)(\(body.contentType ?? type.description))")
            case .fields(let list): fields(body.encoding.rawValue, list)
            }
        }
        if let key = endpoint.idempotencyKey { parts.append("idempotency-key:\(key)") }
        parts.append("auth:" + (spec.authRequirement(of: endpoint)?.summary ?? "none"))
        let responses = endpoint.responses.map { response -> String in
            let body =
                switch response.body {
                case .empty: "\(response.status) empty"
                case .binary: "\(response.status) binary"
                case .json(let type): "\(response.status) \(type)"
                case .stream(let stream): "\(response.status) \(stream)"
                }
            return body + (Self.fieldList(" headers", response.headers) ?? "")
        }
        return parts.joined(separator: " ") + " -> " + responses.joined(separator: ", ")
    }

    /// `query{limit: int = 20, cursor: string?}`, or nil when there are no fields.
    static func fieldList(_ label: String, _ fields: [Field]) -> String? {
        guard !fields.isEmpty else { return nil }
        return "\(label){"
            + fields.map { field in
                "\(field.wireName): \(field.type)\(field.presence.suffix)"
                    + (field.defaultValue.map { " = \(Self.text($0))" } ?? "")
            }.joined(separator: ", ") + "}"
    }

    static func text(_ value: SpecValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): String(bool)
        case .int(let int): String(int)
        case .double(let double): String(double)
        case .string(let string): "\"\(string)\""
        case .array(let items): "[" + items.map(text).joined(separator: ", ") + "]"
        case .object(let entries): "{" + entries.map { "\($0.key): \(text($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}
