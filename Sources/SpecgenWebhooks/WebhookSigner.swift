import Crypto
public import Foundation

/// Signs deliveries as an API does, for a mock that sends them and for tests of a receiver.
public struct WebhookSigner: Sendable {
    /// The scheme.
    public let scheme: WebhookScheme
    private let key: SymmetricKey

    /// A signer with `secret`, written in `encoding`.
    public init(scheme: WebhookScheme, secret: String, encoding: WebhookSecretEncoding) throws(WebhookError) {
        guard let key = encoding.key(secret) else { throw .unreadableSecret(index: 0) }
        self.scheme = scheme
        self.key = SymmetricKey(data: key)
    }

    /// The headers that sign `body`, delivered as `id` at `timestamp`.
    public func headers(body: Data, id: String, timestamp: Date) -> [(name: String, value: String)] {
        let seconds = Int(timestamp.timeIntervalSince1970.rounded())
        switch scheme {
        case .standardWebhooks:
            let signature = Data(
                HMAC<SHA256>.authenticationCode(for: Data("\(id).\(seconds).".utf8) + body, using: key))
            return [
                ("webhook-id", id), ("webhook-timestamp", String(seconds)),
                ("webhook-signature", "v1," + signature.base64EncodedString()),
            ]
        case .timestamped(let header):
            let signature = Data(HMAC<SHA256>.authenticationCode(for: Data("\(seconds).".utf8) + body, using: key))
            return [(header, "t=\(seconds),v1=\(signature.hexadecimal)")]
        case .hmacSHA256(let header):
            let signature = Data(HMAC<SHA256>.authenticationCode(for: body, using: key))
            return [(header, "sha256=\(signature.hexadecimal)")]
        }
    }
}
