/// What an API sends to an app's server: its events, how a delivery names its event, and how deliveries are signed.
public struct Webhooks: Hashable, Sendable {
    /// Where a delivery names its event.
    public enum EventName: Hashable, Sendable {
        /// A top-level property of the payload (`type`, as Stripe and Standard Webhooks payloads carry it).
        case field(String)
        /// A header (`X-GitHub-Event`).
        case header(String)
        /// Nowhere: the app registers a URL per event, and its receiver is told which event a URL receives
        /// (`event: url`).
        case url
    }

    /// How deliveries are signed; nil when they are not, or the spec does not say, and a receiver cannot check them.
    public var signing: WebhookSigning?
    /// Whether the spec says deliveries are not signed (`signing: none`), rather than saying nothing.
    public var isUnsigned = false
    /// Where a delivery names its event.
    public var eventName: EventName
    /// The events, in spec order.
    public var events: [Webhook]
    /// Where the section starts.
    public var location: SourceLocation

    /// Creates the webhooks of an API.
    public init(
        signing: WebhookSigning? = nil, eventName: EventName = .field("type"), events: [Webhook],
        location: SourceLocation
    ) {
        self.signing = signing
        self.eventName = eventName
        self.events = events
        self.location = location
    }
}

extension Webhooks {
    /// A payload delivered as `event`: the event's name set in the payload's field, or the header that carries it;
    /// nothing where the app's URL says which event it is. The mock's deliveries and the diff's proofs both make
    /// deliveries so.
    public func delivery(of payload: SpecValue, as event: String) -> (body: SpecValue, headers: [(String, String)]) {
        switch eventName {
        case .field(let field):
            guard case .object(var entries) = payload else { return (payload, []) }
            entries.removeAll { $0.key == field }
            entries.insert(SpecValueEntry(key: field, value: .string(event)), at: 0)
            return (.object(entries), [])
        case .header(let header):
            return (payload, [(header, event)])
        case .url:
            return (payload, [])
        }
    }
}

/// How an API signs its deliveries: one of the schemes real providers use, its secret's encoding, and how old a
/// delivery may be.
public struct WebhookSigning: Hashable, Sendable {
    /// A signature scheme.
    public enum Scheme: String, CaseIterable, Hashable, Sendable {
        /// Standard Webhooks: `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256 of
        /// "id.timestamp.body">`, the secret written `whsec_<base64>`.
        case standardWebhooks = "standard-webhooks"
        /// One header of `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (Stripe's form).
        case timestamped
        /// One header of `sha256=<hex HMAC-SHA256 of the body>` (GitHub's form), without a timestamp.
        case hmacSHA256 = "hmac-sha256"

        /// The header a scheme signs in unless the spec names another.
        public var defaultHeader: String {
            switch self {
            case .standardWebhooks: "webhook-signature"
            case .timestamped: "Webhook-Signature"
            case .hmacSHA256: "X-Signature-256"
            }
        }

        /// Whether a delivery carries a timestamp the receiver holds to the tolerance.
        public var isTimestamped: Bool { self != .hmacSHA256 }
    }

    /// How the secret a receiver is given is written.
    public enum SecretEncoding: String, CaseIterable, Hashable, Sendable {
        /// Base64, after an optional `whsec_` prefix.
        case base64
        /// The text's UTF-8 bytes.
        case text
    }

    /// The scheme.
    public var scheme: Scheme
    /// The header the signature is in, when the spec names one.
    public var header: String?
    /// How the secret is written.
    public var secretEncoding: SecretEncoding
    /// How far, in seconds, a delivery's timestamp may be from the receiver's clock, either way.
    public var tolerance: Double
    /// Where it is declared.
    public var location: SourceLocation

    /// Creates a signing declaration.
    public init(
        scheme: Scheme, header: String? = nil, secretEncoding: SecretEncoding? = nil, tolerance: Double = 300,
        location: SourceLocation
    ) {
        self.scheme = scheme
        self.header = header
        self.secretEncoding = secretEncoding ?? (scheme == .standardWebhooks ? .base64 : .text)
        self.tolerance = tolerance
        self.location = location
    }

    /// The header the signature is in.
    public var signatureHeader: String { header ?? scheme.defaultHeader }
}

/// One event an API sends.
public struct Webhook: Hashable, Sendable {
    /// The event's name as a delivery gives it (`todo.created`).
    public var name: String
    /// What happened, in a line.
    public var summary: String?
    /// More about it.
    public var description: String?
    /// The payload's type.
    public var payload: TypeRef
    /// The headers a delivery carries besides the signature's.
    public var headers: [Field]
    /// The status the receiver answers a delivery it took with.
    public var answer: StatusPattern
    /// Where it is declared.
    public var location: SourceLocation
    /// Where the payload's type is written.
    public var payloadLocation: SourceLocation

    /// Creates an event.
    public init(
        name: String, summary: String? = nil, description: String? = nil, payload: TypeRef, headers: [Field] = [],
        answer: StatusPattern = .range(2), location: SourceLocation, payloadLocation: SourceLocation? = nil
    ) {
        self.name = name
        self.summary = summary
        self.description = description
        self.payload = payload
        self.headers = headers
        self.answer = answer
        self.location = location
        self.payloadLocation = payloadLocation ?? location
    }
}
