import SpecgenSpec
import SpecgenWire

/// Deliveries of a server of the new spec, received by the receiver generated from the old one: the proof of a
/// webhook finding. Each value of the new payload worth trying is delivered as the new spec signs and names it,
/// with its headers; the old receiver checks the signature as the old spec says, finds the event where the old spec
/// names it, decodes the payload as the old type, reads its headers, and answers the old status, which the new
/// server must take.
struct WebhookExchange {
    let old: Spec
    let new: Spec
    let oldTypes: TypeResolver
    let newTypes: TypeResolver

    func proof(of event: String) -> WireProof {
        guard let webhooks = new.webhooks, let sent = webhooks.events.first(where: { $0.name == event }) else {
            let missing = Exchange(
                direction: .answer, type: event, operation: nil, json: "nothing",
                failure: "the new server sends no '\(event)' delivery, which the old receiver waits for")
            return WireProof(requests: 0, answers: 1, failed: [missing])
        }
        let values = ValueVariants(synthesizer: Synthesizer(spec: new, types: newTypes), limit: 16).values(
            of: sent.payload)
        var failed: [Exchange] = []
        for value in values {
            let delivered = webhooks.delivery(of: value, as: event)
            let headers = Dictionary(delivered.headers.map { ($0.0.lowercased(), $0.1) }) { first, _ in first }
            if let failure = failure(receiving: delivered.body, headers: headers, of: sent) {
                failed.append(
                    Exchange(
                        direction: .answer, type: sent.payload.description, operation: "webhook \(event)",
                        json: JSONText.encode(delivered.body), failure: failure))
            }
        }
        return WireProof(requests: 0, answers: values.count, failed: failed)
    }

    /// Why the old receiver does not take a delivery of `sent` with this body; nil when it does.
    private func failure(receiving body: SpecValue, headers: [String: String], of sent: Webhook) -> String? {
        // An app built before the API sent webhooks has no receiver for them to break.
        guard let receiving = old.webhooks else { return nil }
        if let signing = Self.signing(receiving.signing), signing != Self.signing(new.webhooks?.signing) {
            return "it is signed as \(Self.signing(new.webhooks?.signing) ?? "nothing"); the old receiver checks "
                + signing
        }
        let named: String?
        switch receiving.eventName {
        case .field(let field):
            if case .object(let entries) = body,
                case .string(let text)? = entries.first(where: { $0.key == field })?.value
            {
                named = text
            } else {
                named = nil
            }
        case .header(let header):
            named = headers[header.lowercased()]
        case .url:
            // The receiver is told the event by the URL the app registered for it, the new server's event's own.
            named = sent.name
        }
        guard let name = named, let expected = receiving.events.first(where: { $0.name == name }) else {
            // An event the old receiver does not know is `unknown` to it, kept with its body: fine for a new one.
            return receiving.events.contains { $0.name == sent.name }
                ? "the old receiver does not find '\(sent.name)' in it, and reads it as an unknown event" : nil
        }
        if let failure = ClientDecoding(spec: old, types: oldTypes).failure(decoding: body, as: expected.payload) {
            return failure.description
        }
        for header in expected.headers where header.presence == .required {
            let given = sent.headers.first { $0.wireName.lowercased() == header.wireName.lowercased() }
            guard let given, given.presence == .required else {
                return
                    "the old receiver reads its '\(header.wireName)' header, which the new server does not always send"
            }
            if oldTypes.resolved(header.type).type != newTypes.resolved(given.type).type {
                return
                    "the old receiver reads its '\(header.wireName)' header as \(header.type), and it is \(given.type)"
            }
        }
        let answered = expected.answer.representative(success: true)
        if !sent.answer.matches(answered) {
            return "the old receiver answers \(answered), and the new server takes only \(sent.answer)"
        }
        return nil
    }

    /// How deliveries are signed, as a receiver checks them: the scheme, its header and the secret's encoding.
    static func signing(_ signing: WebhookSigning?) -> String? {
        signing.map { "\($0.scheme.rawValue) in '\($0.signatureHeader.lowercased())' (\($0.secretEncoding.rawValue))" }
    }
}
