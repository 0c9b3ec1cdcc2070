import Foundation

/// How an API signs its deliveries: the schemes real providers use, each an HMAC-SHA256.
public enum WebhookScheme: Hashable, Sendable {
    /// Standard Webhooks: `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64>` (one or more,
    /// space-separated), over `id.timestamp.body`.
    case standardWebhooks
    /// One header of `t=<unix seconds>,v1=<hex>` (one or more `v1`), over `t.body` (Stripe's form).
    case timestamped(header: String)
    /// One header of `sha256=<hex>` over the body (GitHub's form); no timestamp.
    case hmacSHA256(header: String)
}

/// How a secret given to a receiver or a signer is written.
public enum WebhookSecretEncoding: Hashable, Sendable {
    /// Base64, after an optional `whsec_` prefix (Standard Webhooks' secrets).
    case base64
    /// The text's UTF-8 bytes.
    case text

    /// The key a secret stands for; nil when it is not in this encoding.
    func key(_ secret: String) -> Data? {
        switch self {
        case .text: return Data(secret.utf8)
        case .base64:
            let encoded = secret.hasPrefix("whsec_") ? String(secret.dropFirst("whsec_".count)) : secret
            guard let key = Data(base64Encoded: encoded), !key.isEmpty else { return nil }
            return key
        }
    }
}

extension Data {
    /// Bytes from lowercase or uppercase hexadecimal; nil for anything else.
    init?(hexadecimal text: Substring) {
        guard text.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 2)
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        self.init(bytes)
    }

    /// The bytes as lowercase hexadecimal.
    var hexadecimal: String { map { String(format: "%02x", $0) }.joined() }
}
