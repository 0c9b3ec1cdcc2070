/// The body of a documented error response: decoded as the spec documents it when it can be, and a redacted preview
/// of the raw bytes either way, so the documented case (and its status) survives a body the server got wrong, such
/// as a proxy's HTML page on a `502`.
///
/// Its members read the decoded body's fields as optionals: `catch .emailAlreadyExists(let body)` then
/// `body.error` is the documented `error` field, or nil when the body did not decode.
///
/// The payload holds its parts in one shared box, so a typed error stays one pointer wide however large the body is:
/// an API whose error body holds whole objects (Stripe's holds the payment intent that failed) would otherwise make
/// every operation's error value, and every async function that can throw it, as large as those objects.
@dynamicMemberLookup
public struct ErrorPayload<Body: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    private final class Storage: Sendable {
        let value: Body?
        let decodingFailure: String?
        let preview: String

        init(value: Body?, decodingFailure: String?, preview: String) {
            self.value = value
            self.decodingFailure = decodingFailure
            self.preview = preview
        }
    }

    private let storage: Storage

    /// The body as the spec documents it, or nil when it did not decode.
    public var value: Body? { storage.value }
    /// Why the body did not decode, with the failing field's path; nil when it decoded.
    public var decodingFailure: String? { storage.decodingFailure }
    /// The raw body, at most 1 KiB, with sensitive JSON fields redacted; empty for a payload made in code.
    public var preview: String { storage.preview }

    /// A decoded body, as a mock or a test throws it.
    public init(_ value: Body) {
        storage = Storage(value: value, decodingFailure: nil, preview: "")
    }

    /// A payload as the client read it from a response.
    public init(value: Body?, decodingFailure: String?, preview: String) {
        storage = Storage(value: value, decodingFailure: decodingFailure, preview: preview)
    }

    /// A field of the decoded body, or nil when the body did not decode.
    public subscript<Field>(dynamicMember keyPath: KeyPath<Body, Field>) -> Field? {
        value?[keyPath: keyPath]
    }

    /// What the server sent (redacted, at most 1 KiB), or for a payload made in code its value; for a body that did
    /// not decode, why, then what the server sent.
    public var description: String {
        if let value { return preview.isEmpty ? String(describing: value) : preview }
        return "undecodable body (\(decodingFailure ?? "unknown reason"))" + (preview.isEmpty ? "" : ": \(preview)")
    }

    /// Payloads are equal when their bodies are, or when neither decoded for the same reason; the preview is
    /// what the server sent, not what it meant.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.value == rhs.value && lhs.decodingFailure == rhs.decodingFailure
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(decodingFailure)
    }
}
