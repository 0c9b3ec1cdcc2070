import SpecgenSpec
import SpecgenSpecWriter
import SpecgenWire

/// Everything of a spec that travels between an app and a server, as facts: per operation its method, path,
/// server, auth, parameters, body, answers, response headers and errors; per model each field's wire name, JSON
/// type, date format, nullability, presence, default, constant, style and constraints, each enum value, each union
/// variant and its tag. Two versions of a spec travel alike exactly when their facts are equal, so a diff that
/// explains every differing fact has left no wire change unreported.
struct WireModel {
    /// One fact: a subject (`model Order.total`, `operation getOrder query.limit`), one attribute of it, its value.
    struct Fact: Hashable {
        /// Where the fact lives, outermost first: `["model", "Order", "total"]`, `["operation", "getOrder", "route"]`.
        var subject: [String]
        /// Which attribute: `type`, `presence`, `format`, `minLength`.
        var attribute: String
        /// The value, as text.
        var value: String
        /// Where it is written.
        var location: SourceLocation

        /// `model Order.total`, `operation getOrder query.limit`.
        var subjectText: String {
            guard subject.count > 2 else { return subject.joined(separator: " ") }
            return "\(subject[0]) \(subject[1])" + (subject[0] == "model" ? "." : " ")
                + subject.dropFirst(2).joined(separator: ".")
        }

        /// The key two versions are compared by.
        var key: String { subject.joined(separator: "\u{1}") + "\u{2}" + attribute }
    }

    private(set) var facts: [Fact] = []
    /// How the spec's types travel as text.
    private let types: TypeResolver

    init(_ spec: Spec, types: TypeResolver) {
        self.types = types
        add(["api"], "default-headers", spec.defaultHeaders.map { "\($0.name): \($0.value)" }, at: spec.location)
        for server in spec.servers {
            let subject = ["server", server.name]
            add(subject, "url", server.url, at: server.location)
            // The default, then the values an app may pick, in any order.
            for variable in server.variables {
                add(
                    subject, "variable.\(variable.name)", [variable.defaultValue] + variable.values.sorted(),
                    at: server.location)
            }
            for url in server.urls { add(subject, "url.\(url.name)", url.url, at: url.location) }
        }
        for scheme in spec.authSchemes {
            add(["auth", scheme.name], "kind", String(describing: scheme.kind), at: scheme.location)
        }
        for model in spec.models { add(model) }
        for endpoint in spec.endpoints { add(endpoint, in: spec) }
        if let webhooks = spec.webhooks { add(webhooks) }
    }

    /// What travels of webhooks: how deliveries are signed and name their event, and each event's payload, headers
    /// and answer.
    private mutating func add(_ webhooks: Webhooks) {
        let subject = ["webhooks"]
        if let signing = webhooks.signing {
            add(subject, "scheme", signing.scheme.rawValue, at: signing.location)
            add(subject, "signature-header", signing.signatureHeader.lowercased(), at: signing.location)
            add(subject, "secret", signing.secretEncoding.rawValue, at: signing.location)
            if signing.scheme.isTimestamped { add(subject, "tolerance", "\(signing.tolerance)", at: signing.location) }
        }
        add(subject, "event-name", "\(webhooks.eventName)", at: webhooks.location)
        for event in webhooks.events {
            let subject = ["webhook", event.name]
            add(subject, "payload", event.payload.description, at: event.payloadLocation)
            add(subject, "answer", event.answer.description, at: event.location)
            for header in event.headers { add(header, as: subject + ["header", header.wireName.lowercased()]) }
        }
    }

    private mutating func add(_ subject: [String], _ attribute: String, _ value: String, at location: SourceLocation) {
        facts.append(Fact(subject: subject, attribute: attribute, value: value, location: location))
    }

    private mutating func add(_ subject: [String], _ attribute: String, _ values: [String], at location: SourceLocation)
    {
        add(subject, attribute, "[" + values.joined(separator: ", ") + "]", at: location)
    }

    /// What travels of a field: everything but its Swift name and documentation.
    private mutating func add(_ field: Field, as subject: [String]) {
        let location = field.typeLocation
        add(subject, "type", field.type.description, at: location)
        add(subject, "presence", field.presence.rawValue, at: location)
        if let value = field.defaultValue { add(subject, "default", JSONText.encode(value), at: field.location) }
        if let value = field.constant { add(subject, "const", JSONText.encode(value), at: field.location) }
        if let format = field.format { add(subject, "format", format, at: location) }
        if let style = types.textStyle(of: field) { add(subject, "style", "\(style)", at: location) }
        add(field.constraints, to: subject, at: field.location)
    }

    private mutating func add(_ constraints: Constraints, to subject: [String], at location: SourceLocation) {
        let values: [(String, String?)] = [
            ("pattern", constraints.pattern), ("minLength", constraints.minLength.map(String.init)),
            ("maxLength", constraints.maxLength.map(String.init)), ("minimum", constraints.minimum.map { "\($0)" }),
            ("maximum", constraints.maximum.map { "\($0)" }), ("minItems", constraints.minItems.map(String.init)),
            ("maxItems", constraints.maxItems.map(String.init)),
        ]
        for (name, value) in values {
            if let value { add(subject, name, value, at: location) }
        }
    }

    private mutating func add(_ model: Model) {
        let subject = ["model", model.name]
        switch model.kind {
        case .object(let fields):
            add(subject, "kind", "object", at: model.location)
            if let extra = model.additionalProperties {
                add(subject, "additionalProperties", extra.description, at: model.location)
            }
            for field in fields { add(field, as: subject + [field.wireName]) }
        case .enumeration(let values):
            add(subject, "kind", "enum", at: model.location)
            for value in values {
                add(subject + [value.value], "value", value.isInteger ? "integer" : "string", at: value.location)
            }
        case .alias(let type, let constraints):
            add(subject, "kind", "alias", at: model.location)
            add(subject, "type", type.description, at: model.location)
            add(constraints, to: subject, at: model.location)
        case .union(let union):
            add(subject, "kind", "union", at: model.location)
            add(
                subject, "discriminator", union.discriminator ?? "none",
                at: union.discriminatorLocation ?? model.location)
            // Without a discriminator the order is how a value is read: the first variant that fits wins.
            if union.discriminator == nil {
                add(subject, "order", union.variants.map(\.type.description), at: model.location)
            }
            for variant in union.variants {
                add(
                    subject + ["variant", variant.type.description], "tags", variant.discriminatorValues,
                    at: variant.location)
            }
        }
    }

    private mutating func add(_ endpoint: Endpoint, in spec: Spec) {
        let operation = ["operation", endpoint.name]
        let route = operation + ["route"]
        add(route, "method", endpoint.method.rawValue, at: endpoint.requestLocation)
        add(route, "path", SpecDiff.pathShape(endpoint.path), at: endpoint.requestLocation)
        add(operation + ["server"], "url", endpoint.server?.name ?? "the server's own", at: endpoint.location)
        let auth = spec.authRequirement(of: endpoint)
        add(operation + ["auth"], "schemes", auth?.summary ?? "none", at: auth?.location ?? endpoint.location)
        // Where a page says the next one is travels too: an old helper looks for it where the old spec said.
        if let pagination = endpoint.pagination {
            add(operation + ["paginate"], "walk", JSONText.encode(pagination.written), at: endpoint.location)
        }
        if let key = endpoint.idempotencyKey {
            add(operation + ["header", key], "idempotency-key", "generated", at: endpoint.location)
        }
        for (place, fields) in [
            ("path", endpoint.pathParameters), ("query", endpoint.queryParameters),
            ("header", endpoint.headerParameters),
        ] {
            for field in fields { add(field, as: operation + [place, field.wireName]) }
        }
        if let body = endpoint.body {
            let subject = operation + ["body"]
            add(subject, "encoding", body.encoding.rawValue, at: body.location)
            add(subject, "content-type", body.contentType ?? "default", at: body.location)
            switch body.content {
            case .type(let type): add(subject, "type", type.description, at: body.typeLocation)
            case .fields(let fields): for field in fields { add(field, as: subject + [field.wireName]) }
            }
        }
        for response in endpoint.responses {
            let subject = operation + ["status", response.status.description]
            let body: String =
                switch response.body {
                case .empty: "empty"
                case .binary: "binary"
                case .json(let type): "json \(type)"
                case .stream(let stream): "stream \(stream.format.rawValue) \(stream)"
                }
            add(subject, "body", body, at: response.typeLocation)
            for header in response.headers {
                add(
                    header,
                    as: operation + ["response-header", header.wireName.lowercased(), response.status.description])
            }
        }
        for error in spec.errors + endpoint.errors {
            add(
                operation + ["error", error.status.description], "body", error.body?.description ?? "none",
                at: error.typeLocation)
        }
    }
}
