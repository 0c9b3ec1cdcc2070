package import SpecgenSpec

/// The webhook events of an API and how its receiver checks them, as the emitter prints them.
package struct WebhooksPlan: Hashable, Sendable {
    /// One event.
    package struct Event: Hashable, Sendable {
        /// Its name as a delivery gives it (`todo.created`).
        package var name: String
        /// The enum case (`todoCreated`).
        package var caseName: String
        /// The payload's Swift type.
        package var payloadType: String
        /// Its documentation, from the spec.
        package var documentation: String
    }

    /// The enum of events (`TodosWebhook`).
    package var enumName: String
    /// The receiver (`TodosWebhooks`).
    package var receiverName: String
    /// The API's name, for documentation.
    package var apiName: String
    /// Where a delivery names its event.
    package var eventName: Webhooks.EventName
    /// The runtime's `WebhookScheme` as Swift (`.standardWebhooks`), or nil when the spec does not say.
    package var scheme: String?
    /// The runtime's `WebhookSecretEncoding` as Swift (`.base64`).
    package var encoding: String
    /// The tolerance in whole seconds.
    package var tolerance: Int
    /// How deliveries are signed, in words, for documentation.
    package var signingDescription: String
    /// The events, in spec order.
    package var events: [Event]
}

extension ClientPlanner {
    func webhooksPlan(names: GeneratedNames) -> WebhooksPlan? {
        guard let webhooks = spec.webhooks else { return nil }
        let events = webhooks.events.map { event in
            let summary = [event.summary, event.description].compactMap(\.self).joined(separator: "\n\n")
            return WebhooksPlan.Event(
                name: event.name, caseName: namer.memberName(event.name), payloadType: swiftType(event.payload),
                documentation: "`\(event.name)`" + (summary.isEmpty ? "." : ": " + summary))
        }
        var scheme: String?
        var description = "The spec does not say how deliveries are signed: check them before decoding."
        if let signing = webhooks.signing {
            let header = SwiftLiteral.string(signing.signatureHeader)
            switch signing.scheme {
            case .standardWebhooks:
                scheme = ".standardWebhooks"
                description =
                    "Deliveries are signed as Standard Webhooks sign them (`webhook-id`, `webhook-timestamp`, "
                    + "`webhook-signature`)"
            case .timestamped:
                scheme = ".timestamped(header: \(header))"
                description = "Deliveries are signed in `\(signing.signatureHeader): t=<seconds>,v1=<hex HMAC-SHA256>`"
            case .hmacSHA256:
                scheme = ".hmacSHA256(header: \(header))"
                description =
                    "Deliveries are signed in `\(signing.signatureHeader): sha256=<hex HMAC-SHA256 of the body>`"
            }
            description +=
                signing.secretEncoding == .base64
                ? "; the secret is written in base64, after an optional `whsec_`." : "; the secret is text."
        }
        let named: String
        switch webhooks.eventName {
        case .field(let field): named = "A delivery names its event in the payload's `\(field)`."
        case .header(let header): named = "A delivery names its event in its `\(header)` header."
        case .url:
            named = "A delivery does not name its event: register a URL per event, and say which one it received."
        }
        return WebhooksPlan(
            enumName: names.webhook, receiverName: names.webhooks, apiName: spec.name, eventName: webhooks.eventName,
            scheme: scheme, encoding: webhooks.signing?.secretEncoding == .base64 ? ".base64" : ".text",
            tolerance: Int(webhooks.signing?.tolerance ?? 300), signingDescription: description + " " + named,
            events: events)
    }
}
