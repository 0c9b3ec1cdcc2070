import SpecgenEmitter
import SpecgenSpec

/// Webhooks, judged in reverse: the API sends, the app receives. An added event is safe for old receivers (they
/// decode it as `unknown`); a removed one, another payload, answer or signature breaks them. Payload models are
/// judged as answers are, by the model rules.
extension SpecDiff {
    mutating func compareWebhooks() {
        guard old.webhooks != nil || new.webhooks != nil else { return }
        let names = newPlan.webhooks == nil ? oldPlan.names : newPlan.names
        let (enumName, receiver) = (names.webhook, names.webhooks)
        let oldEvents = old.webhooks?.events ?? []
        let newEvents = new.webhooks?.events ?? []
        // When the whole section comes or goes, its two types and its settings come or go with the events.
        let sectionChange =
            (old.webhooks == nil) != (new.webhooks == nil)
            ? (symbols: [enumName, receiver], explains: [["webhooks"]])
            : (symbols: [String](), explains: [[String]]())
        let caseSymbol = { (name: String) in "\(enumName).\(Namer().memberName(name).withoutBackticks)" }
        let location = new.webhooks?.location ?? old.webhooks?.location ?? new.location
        if Self.reordered(oldEvents.map(\.name), newEvents.map(\.name)) {
            add(
                .declarationOrderChanged, "the webhook events are listed in another order", at: location,
                scope: .operations([], places: nil))
        }
        for event in oldEvents where !newEvents.contains(where: { $0.name == event.name }) {
            add(
                .webhookRemoved, "webhook '\(event.name)' was removed", at: event.location,
                symbols: [caseSymbol(event.name)] + sectionChange.symbols,
                explains: [["webhook", event.name]] + sectionChange.explains)
            proveLast([event.name])
        }
        for event in newEvents {
            guard let before = oldEvents.first(where: { $0.name == event.name }) else {
                add(
                    .webhookAdded, "webhook '\(event.name)' was added", at: event.location,
                    symbols: [caseSymbol(event.name)] + sectionChange.symbols,
                    explains: [["webhook", event.name]] + sectionChange.explains)
                proveLast([event.name])
                continue
            }
            compare(before, event, symbol: caseSymbol(event.name))
        }
        compareSigning(receiver: receiver, at: location)
    }

    /// Proves the finding just added with the deliveries of these events of the new spec, as the old receiver takes
    /// them (``WebhookExchange``).
    private mutating func proveLast(_ events: [String]) {
        guard !findings.isEmpty else { return }
        let exchange = WebhookExchange(old: old, new: new, oldTypes: oldTypes, newTypes: newTypes)
        let proofs = events.map(exchange.proof(of:))
        findings[findings.count - 1].proof = WireProof(
            requests: 0, answers: proofs.map(\.answers).reduce(0, +), failed: proofs.compactMap(\.evidence))
    }

    private mutating func compare(_ before: Webhook, _ after: Webhook, symbol: String) {
        let subject = ["webhook", after.name]
        let proveEvent = { (diff: inout SpecDiff) in diff.proveLast([after.name]) }
        if before.payload != after.payload {
            add(
                .webhookPayloadChanged,
                "webhook '\(after.name)' carries '\(after.payload)', was '\(before.payload)'",
                at: after.payloadLocation,
                symbols: [symbol], explains: [subject])
            proveEvent(&self)
        }
        if before.answer != after.answer {
            add(
                .webhookAnswerChanged, "webhook '\(after.name)' is answered \(after.answer), was \(before.answer)",
                at: after.location, explains: [subject])
            proveEvent(&self)
        }
        if before.summary != after.summary || before.description != after.description {
            add(
                .documentationChanged, "webhook '\(after.name)''s summary or description changed", at: after.location,
                symbols: [symbol])
        }
        for header in before.headers {
            let headerSubject = subject + ["header", header.wireName.lowercased()]
            guard let now = after.headers.first(where: { $0.wireName.lowercased() == header.wireName.lowercased() })
            else {
                add(
                    .webhookHeaderChanged, "webhook '\(after.name)' no longer sends '\(header.wireName)'",
                    at: after.location, explains: [headerSubject])
                proveEvent(&self)
                continue
            }
            if Self.wire(of: now) == Self.wire(of: header) { continue }
            let onlyNowAlwaysSent =
                header.presence != .required && now.presence == .required
                && Self.wire(of: now, presence: false) == Self.wire(of: header, presence: false)
            add(
                onlyNowAlwaysSent ? .webhookHeaderAdded : .webhookHeaderChanged,
                "webhook '\(after.name)''s header '\(now.wireName)' changed", at: now.location,
                explains: [headerSubject])
            proveEvent(&self)
        }
        for header in after.headers
        where !before.headers.contains(where: { $0.wireName.lowercased() == header.wireName.lowercased() }) {
            add(
                .webhookHeaderAdded, "webhook '\(after.name)' also sends '\(header.wireName)'", at: header.location,
                explains: [subject + ["header", header.wireName.lowercased()]])
            proveEvent(&self)
        }
    }

    /// What of a header travels: its type, format, constraints and constant, and its presence unless left out.
    private static func wire(of field: Field, presence: Bool = true) -> [String] {
        [
            field.type.description, field.format ?? "", "\(field.constraints)", field.constant.map { "\($0)" } ?? "",
            presence ? field.presence.rawValue : "",
        ]
    }

    private mutating func compareSigning(receiver: String, at location: SourceLocation) {
        guard let before = old.webhooks, let after = new.webhooks else { return }
        switch (before.signing, after.signing) {
        case (nil, _?), (_?, nil):
            add(
                .webhookSigningDeclared,
                after.signing == nil ? "webhook deliveries are no longer signed" : "webhook deliveries are now signed",
                at: after.signing?.location ?? location, symbols: [receiver], explains: [["webhooks"]])
            proveLast(after.events.map(\.name))
            return
        case (let was?, let now?):
            if WebhookExchange.signing(was) != WebhookExchange.signing(now) {
                add(
                    .webhookSigningChanged, "webhook deliveries are signed otherwise", at: now.location,
                    explains: [["webhooks"]])
                proveLast(after.events.map(\.name))
            }
            // The tolerance is the receiver's to keep: a rebuilt receiver gets the new default.
            if was.scheme.isTimestamped, now.scheme.isTimestamped, was.tolerance != now.tolerance {
                add(
                    .behaviourChanged, "the webhook receiver's default tolerance changed", at: now.location,
                    symbols: ["\(receiver).init"], explains: [["webhooks"]])
                proveLast(after.events.map(\.name))
            }
        case (nil, nil):
            break
        }
        if before.eventName != after.eventName {
            add(
                .webhookSigningChanged, "webhook deliveries name their event elsewhere", at: after.location,
                explains: [["webhooks"]])
            proveLast(after.events.map(\.name))
        }
    }
}
