import Crypto
public import Foundation

/// Checks that a delivery is the API's: its signature, under any of the receiver's secrets, compared in constant
/// time, and then its timestamp, within the tolerance either way. It parses nothing of the body before.
public struct WebhookVerifier: Sendable {
    /// The scheme deliveries are signed with.
    public let scheme: WebhookScheme
    private let secrets: [String]
    private let encoding: WebhookSecretEncoding
    /// How far a delivery's timestamp may be from the receiver's clock, either way.
    public let tolerance: Duration

    /// A verifier that accepts deliveries signed with any of `secrets` (more than one while a secret is rotated).
    public init(
        scheme: WebhookScheme, secrets: [String], encoding: WebhookSecretEncoding, tolerance: Duration = .seconds(300)
    ) {
        self.scheme = scheme
        self.secrets = secrets
        self.encoding = encoding
        self.tolerance = tolerance
    }

    /// Throws unless the delivery is signed with one of the secrets and, where the scheme dates it, within the
    /// tolerance of `now`.
    public func verify(body: Data, headers: WebhookHeaders, now: Date = Date()) throws(WebhookError) {
        let keys = try secrets.enumerated().map { index, secret throws(WebhookError) in
            guard let key = encoding.key(secret) else { throw WebhookError.unreadableSecret(index: index) }
            return SymmetricKey(data: key)
        }
        let signed = try Self.signed(body: body, headers: headers, scheme: scheme)
        let matches = signed.signatures.contains { signature in
            keys.contains { key in
                HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signed.content, using: key)
            }
        }
        guard matches else { throw .signatureMismatch }
        guard let timestamp = signed.timestamp else { return }
        let secondsOff = Int(now.timeIntervalSince1970.rounded()) - timestamp
        let allowed = Int(tolerance.components.seconds)
        guard abs(secondsOff) <= allowed else {
            throw .timestampOutsideTolerance(secondsOff: secondsOff, tolerance: allowed)
        }
    }

    /// What a delivery signs, the signatures it gives, and its timestamp when the scheme dates deliveries.
    private static func signed(
        body: Data, headers: WebhookHeaders, scheme: WebhookScheme
    ) throws(WebhookError) -> (content: Data, signatures: [Data], timestamp: Int?) {
        func header(_ name: String) throws(WebhookError) -> String {
            guard let value = headers[name] else { throw .missingHeader(name) }
            return value
        }
        switch scheme {
        case .standardWebhooks:
            let id = try header("webhook-id")
            let time = try header("webhook-timestamp")
            let given = try header("webhook-signature")
            guard let timestamp = Int(time) else { throw .malformedHeader("webhook-timestamp") }
            let signatures = given.split(separator: " ").compactMap { part in
                part.hasPrefix("v1,") ? Data(base64Encoded: String(part.dropFirst(3))) : nil
            }
            guard !signatures.isEmpty else { throw .malformedHeader("webhook-signature") }
            return (Data("\(id).\(time).".utf8) + body, signatures, timestamp)
        case .timestamped(let name):
            let given = try header(name)
            var timestamp: Int?
            var signatures: [Data] = []
            for part in given.split(separator: ",") {
                let pair = part.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                switch pair[0].trimmingCharacters(in: .whitespaces) {
                case "t": timestamp = Int(pair[1])
                case "v1": Data(hexadecimal: pair[1]).map { signatures.append($0) }
                default: continue
                }
            }
            guard let timestamp, !signatures.isEmpty else { throw .malformedHeader(name) }
            return (Data("\(timestamp).".utf8) + body, signatures, timestamp)
        case .hmacSHA256(let name):
            let given = try header(name)
            guard given.hasPrefix("sha256="), let signature = Data(hexadecimal: given.dropFirst("sha256=".count))
            else { throw .malformedHeader(name) }
            return (body, [signature], nil)
        }
    }
}
