import SpecgenYAML

/// The `webhooks:` section: how deliveries are signed and name their event, and each event's payload.
extension SpecReader {
    func webhooks(_ node: YAMLNode) -> Webhooks? {
        guard
            let top = MappingReader(
                node, keyPath: "webhooks", allowed: ["signing", "event", "events"], context: context)
        else { return nil }
        var webhooks = Webhooks(events: [], location: context.location(node))
        if let signing = top.value("signing") {
            if signing.scalar == "none" {
                webhooks.isUnsigned = true
            } else {
                webhooks.signing = self.signing(signing)
            }
        }
        if let event = top.value("event"), let name = eventName(event) { webhooks.eventName = name }
        guard let eventsNode = top.value("events") else {
            context.error(
                .structure, node, "missing required key 'events' in 'webhooks'", fix: "list the events the API sends")
            return webhooks
        }
        guard let pairs = eventsNode.pairs else {
            context.error(
                .structure,
                eventsNode,
                "expected a mapping of event names at 'webhooks.events', found \(eventsNode.kindDescription)",
                fix: "write 'todo.created: {payload: TodoEvent}'")
            return webhooks
        }
        webhooks.events = pairs.compactMap(event)
        return webhooks
    }

    private func signing(_ node: YAMLNode) -> WebhookSigning? {
        guard
            let reader = MappingReader(
                node, keyPath: "webhooks.signing", allowed: ["scheme", "header", "secret", "tolerance"],
                context: context),
            let schemeText = reader.requiredString("scheme")
        else { return nil }
        let schemes = WebhookSigning.Scheme.allCases.map(\.rawValue)
        guard let scheme = WebhookSigning.Scheme(rawValue: schemeText) else {
            context.error(
                .webhooks,
                reader.value("scheme") ?? node, "unknown signature scheme '\(schemeText)' at 'webhooks.signing.scheme'",
                fix: Suggestions.closest(to: schemeText, in: schemes).map { "did you mean '\($0)'?" }
                    ?? "use one of: \(schemes.joined(separator: ", "))")
            return nil
        }
        var encoding: WebhookSigning.SecretEncoding?
        if let text = reader.string("secret") {
            encoding = WebhookSigning.SecretEncoding(rawValue: text)
            if encoding == nil {
                context.error(
                    .webhooks,
                    reader.value("secret") ?? node, "unknown secret encoding '\(text)' at 'webhooks.signing.secret'",
                    fix: "use 'base64' or 'text'")
            }
        }
        if scheme == .standardWebhooks, let header = reader.value("header") {
            context.error(
                .webhooks,
                header, "Standard Webhooks signs in 'webhook-signature' at 'webhooks.signing'", fix: "remove 'header'")
        }
        if !scheme.isTimestamped, let tolerance = reader.value("tolerance") {
            context.error(
                .webhooks,
                tolerance, "'\(scheme.rawValue)' deliveries carry no timestamp to hold to a tolerance",
                fix: "remove 'tolerance'")
        }
        return WebhookSigning(
            scheme: scheme, header: reader.string("header"), secretEncoding: encoding,
            tolerance: reader.duration("tolerance") ?? 300, location: context.location(node))
    }

    private func eventName(_ node: YAMLNode) -> Webhooks.EventName? {
        if node.scalar == "url" { return .url }
        guard
            let reader = MappingReader(node, keyPath: "webhooks.event", allowed: ["field", "header"], context: context)
        else { return nil }
        switch (reader.string("field"), reader.string("header")) {
        case (let field?, nil): return .field(field)
        case (nil, let header?): return .header(header)
        default:
            context.error(
                .webhooks,
                node, "'webhooks.event' names the event by one 'field' of the payload, one 'header', or 'url'",
                fix: "write 'event: {field: type}', 'event: {header: X-Event-Type}' or 'event: url'")
            return nil
        }
    }

    private func event(_ pair: YAMLPair) -> Webhook? {
        guard let name = pair.key.scalar, !pair.key.isNull, !name.isEmpty else {
            context.error(
                .webhooks, pair.key, "an event in 'webhooks.events' has no name", fix: "name it, such as 'todo.created'"
            )
            return nil
        }
        let keyPath = "webhooks.events.\(name)"
        guard
            let reader = MappingReader(
                pair.value, keyPath: keyPath, allowed: ["summary", "description", "payload", "headers", "answer"],
                context: context)
        else { return nil }
        guard let payloadNode = reader.value("payload") else {
            context.error(
                .structure,
                pair.value, "missing required key 'payload' in '\(keyPath)'", fix: "name the type the event carries")
            return nil
        }
        guard let payload = types.resolve(payloadNode, keyPath: "\(keyPath).payload") else { return nil }
        var answer = StatusPattern.range(2)
        if let answerNode = reader.value("answer") {
            guard let status = statusPattern(answerNode, keyPath: "\(keyPath).answer") else { return nil }
            if !status.isSuccess {
                context.error(
                    .webhooks,
                    answerNode, "the answer at '\(keyPath).answer' is the receiver's success, and \(status) is not one",
                    fix: "write the 2XX status the receiver answers with")
            }
            answer = status
        }
        return Webhook(
            name: name, summary: reader.documentation("summary"), description: reader.documentation("description"),
            payload: payload.type, headers: fields(reader.value("headers"), keyPath: "\(keyPath).headers"),
            answer: answer, location: context.location(pair.key), payloadLocation: context.location(payloadNode))
    }
}
