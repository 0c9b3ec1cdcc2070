public import Foundation
import SpecgenRuntime

/// Reading a verified delivery: the event it names, and its payload as the generated types decode it.
public enum WebhookPayload {
    /// The event a delivery names in a top-level string property of its JSON body; nil when it names none.
    public static func event(inField field: String, of body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        return object[field] as? String
    }

    /// The payload of `event`, decoded as generated models decode JSON.
    public static func decode<Payload: Decodable>(
        _ type: Payload.Type, from body: Data, event: String
    ) throws(WebhookError) -> Payload {
        do {
            return try JSONCoding.decoder().decode(type, from: body)
        } catch {
            throw .undecodable(event: event, reason: String(describing: error))
        }
    }
}
