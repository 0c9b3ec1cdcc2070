import SpecgenSpec

/// OpenAPI 3.1's `webhooks`, the `x-webhooks` extension 3.0 documents use, and the `callbacks` of an operation that
/// subscribes: the events the API sends to an app's server, imported as the spec's `webhooks:`.
extension ImportRun {
    /// Headers that carry a delivery's signature, by the scheme they belong to.
    static let signatureHeaders: [String: WebhookSigning.Scheme] = [
        "webhook-signature": .standardWebhooks, "x-hub-signature-256": .hmacSHA256, "stripe-signature": .timestamped,
    ]
    /// The other headers a scheme sets, which are the scheme's, not the event's.
    static let schemeHeaders: Set<String> = ["webhook-id", "webhook-timestamp", "webhook-signature"]

    /// Every event the document declares, with what it carries; `x-specgen-webhooks` (the export's) says how they
    /// are signed and named, else signing is read from the headers the events declare.
    func importWebhooks(_ root: DocNode) -> Webhooks? {
        var events: [Webhook] = []
        var signatureHeader: (name: String, scheme: WebhookSigning.Scheme)?
        // The signature's header the export names is the scheme's, not an event's.
        let exported = root["x-specgen-webhooks"]?["signing"]?.string("header")?.lowercased()
        func read(_ name: String, _ item: DocNode, at itemPointer: String, callbackOf owner: String?) {
            guard let item = resolved(item) else { return }
            for (method, _, operation) in item.peekedEntries ?? [] where Self.httpMethods.contains(method.lowercased())
            {
                _ = item[method]
                let pointer = itemPointer + "/" + Self.pointerToken(method)
                guard let operation = resolved(operation) else { continue }
                let hint = namer.typeNamePart(operation.string("operationId") ?? name)
                guard let body = operation["requestBody"].flatMap({ resolved($0) }),
                    let media = preferredMedia(body["content"], form: .declared), let schema = media.node["schema"]
                else {
                    warn(
                        .webhook, at: operation.location,
                        "webhook '\(name)' (\(method.uppercased())) carries no JSON payload; not imported",
                        fix: "give it a JSON request body")
                    continue
                }
                // A delivery always carries its payload, whatever `required` says.
                _ = body["required"]
                let payload = typeOnly(of: schema, hint: hint + "Payload", as: "the payload of webhook '\(name)'")
                var headers: [Field] = []
                for declared in readParameters(of: operation, at: pointer, in: item, at: itemPointer)
                where declared.place == "header" {
                    let (header, parameter) = (declared.name, declared.node)
                    let lowered = header.lowercased()
                    if let scheme = Self.signatureHeaders[lowered] { signatureHeader = (header, scheme) }
                    if Self.signatureHeaders[lowered] != nil || Self.schemeHeaders.contains(lowered)
                        || lowered == exported
                    {
                        // The scheme's own header: read whole, as the signing reads it.
                        cover(parameter)
                        continue
                    }
                    headers.append(
                        parameterField(
                            parameter, hint: hint + namer.typeNamePart(header),
                            required: parameter["required"]?.bool == true, usage: .header))
                }
                let success = (operation["responses"]?.entries ?? []).map(\.key).compactMap(Self.statusKey)
                    .first(where: Self.isSuccess)
                // The spec keeps the status a receiver answers with; a body or header it should send is reported.
                for (status, keyLocation, written) in operation["responses"]?.entries ?? [] {
                    guard let response = resolved(written) else { continue }
                    account(
                        for: response,
                        loses: ["content", "headers"].contains { response.peeked($0)?.peekedEntries?.isEmpty == false },
                        .webhook, at: keyLocation,
                        "the receiver's \(status) answer to webhook '\(name)' has a body or headers the spec does not "
                            + "declare; not imported",
                        fix: "send them from the handler as the document describes")
                }
                let (description, _) = Self.described(operation)
                events.append(
                    Webhook(
                        name: name, summary: operation.string("summary") ?? owner.map { "Sent after '\($0)'." },
                        description: description, payload: payload, headers: headers,
                        answer: success.map(Self.statusPattern) ?? .range(2), location: operation.location,
                        payloadLocation: operation.location))
            }
        }
        for key in ["webhooks", "x-webhooks"] {
            for (name, _, item) in root[key]?.entries ?? [] {
                read(name, item, at: "/\(key)/" + Self.pointerToken(name), callbackOf: nil)
            }
        }
        for (operation, callbacks, callbacksPointer) in notes.callbacks {
            for (name, _, expressions) in callbacks.entries ?? [] {
                for (expression, _, item) in resolved(expressions)?.entries ?? [] {
                    let pointer = [name, expression].map(Self.pointerToken).joined(separator: "/")
                    read(name, item, at: callbacksPointer + "/" + pointer, callbackOf: operation)
                }
            }
        }
        guard !events.isEmpty else { return nil }
        var webhooks = Webhooks(events: events, location: Self.unlocated)
        if let written = root["x-specgen-webhooks"] {
            facts.webhookNamingWritten = written["event"] != nil
            webhooks.signing = Self.signing(written["signing"])
            webhooks.isUnsigned = written["signing"]?.string == "none"
            if let header = written["event"]?.string("header") { webhooks.eventName = .header(header) }
            if let field = written["event"]?.string("field") { webhooks.eventName = .field(field) }
            if written["event"]?.string == "url" { webhooks.eventName = .url }
        } else if let (header, scheme) = signatureHeader {
            webhooks.signing = WebhookSigning(
                scheme: scheme, header: scheme == .standardWebhooks ? nil : header, location: Self.unlocated)
        }
        return webhooks
    }

    /// `x-specgen-webhooks.signing`, as the export writes it.
    static func signing(_ node: DocNode?) -> WebhookSigning? {
        guard let node, let scheme = node.string("scheme").flatMap(WebhookSigning.Scheme.init(rawValue:)) else {
            return nil
        }
        return WebhookSigning(
            scheme: scheme, header: node.string("header"),
            secretEncoding: node.string("secret").flatMap(WebhookSigning.SecretEncoding.init(rawValue:)),
            tolerance: node["tolerance"]?.double ?? 300, location: unlocated)
    }

    /// The payload fields real APIs name their events in, in the order the import tries them.
    static let eventFields = ["type", "eventType", "event_type", "event", "eventCode", "kind"]

    /// Settles how deliveries name their event: as the export wrote it, else the first of ``eventFields`` every
    /// payload names its event in (lint's rule, ``TypeResolver/namesEvent(_:in:field:)``), else by the URL the app
    /// registers per event, with a warning that says so. No event is left out.
    func settleWebhooks(_ spec: inout Spec) {
        guard var webhooks = spec.webhooks else { return }
        let types = TypeResolver(spec)
        let names = { (field: String) in
            webhooks.events.allSatisfy { types.namesEvent($0.name, in: $0.payload, field: field) }
        }
        if !facts.webhookNamingWritten {
            if let field = Self.eventFields.first(where: names) {
                webhooks.eventName = .field(field)
            } else if let first = webhooks.events.first {
                webhooks.eventName = .url
                warn(
                    .webhook, at: first.location,
                    "the webhook payloads do not name their event in a field all of them carry (\(Self.eventFields.joined(separator: ", "))); "
                        + "the receiver is told which event a delivery is, by the URL the app registers for it",
                    fix: "set 'webhooks.event' in the spec where deliveries name their event, if they do")
            }
        } else if case .field(let field) = webhooks.eventName, !names(field) {
            // The export's own naming that the payloads no longer carry: the receiver is told instead.
            webhooks.eventName = .url
            warn(
                .webhook, at: webhooks.events.first?.location ?? Self.unlocated,
                "the webhook payloads do not all name their event in '\(field)'; the receiver is told which event a "
                    + "delivery is", fix: "name every event in '\(field)'")
        }
        spec.webhooks = webhooks.events.isEmpty ? nil : webhooks
        if let first = webhooks.events.first, webhooks.signing == nil, !webhooks.isUnsigned {
            // The spec says so in words a receiver's author sees: `signing: none`, until someone sets it.
            spec.webhooks?.isUnsigned = true
            warn(
                .webhook, at: first.location,
                "the document does not say how webhook deliveries are signed; the spec says 'signing: none'",
                fix: "set 'webhooks.signing' in the spec (standard-webhooks, timestamped or hmac-sha256)")
        }
    }
}
