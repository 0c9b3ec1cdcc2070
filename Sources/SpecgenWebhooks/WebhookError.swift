/// Why a delivery was refused: which check failed, never the secret or the signature sent.
public enum WebhookError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A header the scheme needs is missing.
    case missingHeader(String)
    /// A header the scheme needs is not in its form (`t=<seconds>,v1=<hex>`, `sha256=<hex>`, `v1,<base64>`).
    case malformedHeader(String)
    /// A secret the receiver was given cannot be read in its encoding (base64 that is not base64).
    case unreadableSecret(index: Int)
    /// No signature of the delivery is the body's, under any of the receiver's secrets: a forgery, a tampered body,
    /// or a secret rotated away.
    case signatureMismatch
    /// The delivery's timestamp is further from the receiver's clock than the tolerance (a replay, or a clock
    /// that is off), by this many seconds: negative when it is in the future.
    case timestampOutsideTolerance(secondsOff: Int, tolerance: Int)
    /// The signature held, but the body is not the event's payload.
    case undecodable(event: String, reason: String)

    /// Which check failed, in a sentence.
    public var description: String {
        switch self {
        case .missingHeader(let name): "the delivery has no '\(name)' header"
        case .malformedHeader(let name): "the delivery's '\(name)' header is not in the scheme's form"
        case .unreadableSecret(let index): "secret \(index + 1) is not in the encoding the API gives secrets in"
        case .signatureMismatch: "no signature of the delivery matches its body under the receiver's secrets"
        case .timestampOutsideTolerance(let off, let tolerance):
            "the delivery was signed \(abs(off)) s \(off < 0 ? "in the future" : "ago"), outside the \(tolerance) s "
                + "tolerance"
        case .undecodable(let event, let reason): "the payload of '\(event)' does not decode: \(reason)"
        }
    }
}
