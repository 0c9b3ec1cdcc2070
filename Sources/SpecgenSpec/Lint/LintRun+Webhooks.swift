/// Lint's checks of the `webhooks:` section: every event has a case name of its own and a JSON payload that names
/// it where the section says, and deliveries are signed.
extension LintRun {
    mutating func checkWebhooks() {
        guard let webhooks = spec.webhooks else { return }
        if webhooks.events.isEmpty {
            warning(
                webhooks.location, "'webhooks' declares no events", fix: "list the events the API sends, or remove it")
        }
        if webhooks.signing == nil, !webhooks.isUnsigned {
            warning(
                webhooks.location,
                "the spec does not say how deliveries are signed, so a receiver cannot tell one from a forgery",
                fix: "add 'signing: {scheme: standard-webhooks}' (or 'timestamped', 'hmac-sha256'), or 'signing: none'")
        }
        var cases: [String: String] = [:]
        for event in webhooks.events {
            let keyPath = "webhooks.events.\(event.name)"
            let caseName = namer.bareMemberName(event.name)
            if caseName == "unknown" {
                error(
                    .webhooks,
                    event.location,
                    "event '\(event.name)' would be the case 'unknown', which stands for events the "
                        + "client does not know", fix: "name the event otherwise")
            } else if let other = cases[caseName] {
                error(
                    .webhooks,
                    event.location, "events '\(other)' and '\(event.name)' are both the case '\(caseName)'",
                    fix: "name one of them otherwise")
            }
            cases[caseName] = cases[caseName] ?? event.name
            checkPayload(event, named: webhooks.eventName, keyPath: keyPath)
            for header in event.headers {
                checkParameter(
                    header, keyPath: "\(keyPath).headers.\(header.wireName)", allowArrays: false, kind: "header")
            }
        }
    }

    /// The payload is JSON, and carries the event's name where deliveries give it: the field a union's every variant
    /// or an object has, holding no other constant than the event's name.
    private mutating func checkPayload(_ event: Webhook, named eventName: Webhooks.EventName, keyPath: String) {
        let shape = shape(of: event.payload)
        if case .primitive(let primitive) = shape, [.binary, .file].contains(primitive) {
            error(
                .webhooks,
                event.payloadLocation,
                "the payload at '\(keyPath).payload' is JSON and cannot be '\(primitive.rawValue)'",
                fix: "name the payload's model")
            return
        }
        guard case .field(let field) = eventName else { return }
        guard let carriers = types.eventCarriers(of: event.payload, field: field) else {
            error(
                .webhooks,
                event.payloadLocation,
                "deliveries name their event by the payload's '\(field)', and '\(event.payload)' at '\(keyPath)' is not "
                    + "an object", fix: "give the event an object payload, or name events by a header")
            return
        }
        for (model, found) in carriers {
            guard let found else {
                error(
                    .webhooks,
                    event.payloadLocation,
                    "'\(model.name)', the payload of '\(event.name)', has no property '\(field)' to name the event",
                    fix: "add '\(field): string' to '\(model.name)', or set 'webhooks.event'")
                continue
            }
            if case .string(let constant)? = found.constant, constant != event.name {
                error(
                    .webhooks,
                    found.location,
                    "'\(model.name).\(field)' is always '\(constant)', not the event's name '\(event.name)'",
                    fix: "name the event as its payload does")
            }
        }
    }
}
