public import Foundation
public import SpecgenSpec
import SpecgenWebhooks
import SpecgenWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Deliveries of a spec's webhook events as the API sends them: a payload synthesized to fit the spec, naming its
/// event where the spec says, with the headers the event declares, signed with a secret, so a team can test the
/// receiver it writes. `specgen-mock --deliver` sends them.
public struct WebhookDeliveries: Sendable {
    /// One delivery: what is posted, and the status the receiver should answer.
    public struct Delivery: Sendable {
        /// The event's name.
        public var event: String
        /// The body.
        public var body: Data
        /// The headers, the signature's included.
        public var headers: [(name: String, value: String)]
        /// The status the spec says the receiver answers a delivery it took with.
        public var answer: StatusPattern
    }

    /// Why no delivery could be made.
    public enum Failure: Error, Hashable, CustomStringConvertible {
        /// The spec declares no webhooks.
        case noWebhooks
        /// No event has this name.
        case unknownEvent(String, known: [String])
        /// The spec signs deliveries, and no secret was given.
        case missingSecret
        /// The secret is not in the encoding the spec gives secrets in.
        case unreadableSecret

        /// What is missing, in a sentence.
        public var description: String {
            switch self {
            case .noWebhooks: "the spec declares no webhooks"
            case .unknownEvent(let event, let known):
                "no event is named '\(event)'; the spec sends \(known.map { "'\($0)'" }.joined(separator: ", "))"
            case .missingSecret: "the spec signs deliveries: give the receiver's secret"
            case .unreadableSecret: "the secret is not in the encoding the spec gives secrets in"
            }
        }
    }

    /// The spec.
    public let spec: Spec

    /// Deliveries of `spec`'s events.
    public init(spec: Spec) { self.spec = spec }

    /// A delivery of `event`, signed with `secret` as the spec says, sent as `id` at `time`; `tampered` changes the
    /// body after signing, so the signature no longer holds.
    public func delivery(
        of event: String, secret: String?, tampered: Bool = false, id: String = "msg_1", at time: Date = Date()
    ) throws(Failure) -> Delivery {
        guard let webhooks = spec.webhooks else { throw .noWebhooks }
        guard let declared = webhooks.events.first(where: { $0.name == event }) else {
            throw .unknownEvent(event, known: webhooks.events.map(\.name))
        }
        let synthesizer = Synthesizer(spec: spec)
        let (payload, naming) = webhooks.delivery(of: synthesizer.value(for: declared.payload), as: event)
        var headers: [(name: String, value: String)] = [("Content-Type", "application/json")] + naming
        for field in declared.headers {
            if let text = synthesizer.value(for: field).scalarText { headers.append((field.wireName, text)) }
        }
        var body = Data(JSONText.encode(payload).utf8)
        if let signing = webhooks.signing {
            guard let secret else { throw .missingSecret }
            let signer: WebhookSigner
            do {
                signer = try WebhookSigner(
                    scheme: Self.scheme(signing), secret: secret,
                    encoding: signing.secretEncoding == .base64 ? .base64 : .text)
            } catch {
                throw .unreadableSecret
            }
            headers += signer.headers(body: body, id: id, timestamp: time)
        }
        if tampered { body += Data(" ".utf8) }
        return Delivery(event: event, body: body, headers: headers, answer: declared.answer)
    }

    /// The runtime's scheme for what the spec declares.
    static func scheme(_ signing: WebhookSigning) -> WebhookScheme {
        switch signing.scheme {
        case .standardWebhooks: .standardWebhooks
        case .timestamped: .timestamped(header: signing.signatureHeader)
        case .hmacSHA256: .hmacSHA256(header: signing.signatureHeader)
        }
    }

    /// Posts a delivery to `url`; the receiver's status.
    public static func send(_ delivery: Delivery, to url: URL) async throws -> Int {
        var request = URLRequest(url: url, timeoutInterval: 10)
        request.httpMethod = "POST"
        for (name, value) in delivery.headers { request.addValue(value, forHTTPHeaderField: name) }
        request.httpBody = delivery.body
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}
