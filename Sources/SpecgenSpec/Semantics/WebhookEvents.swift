/// What a webhook payload must hold for a delivery to name its event in it: lint refuses a payload that does not,
/// and the OpenAPI import keeps such webhooks out of the spec's `webhooks:`.
extension TypeResolver {
    /// The objects of a payload that must carry the event's field (the payload itself, or a union's variants) and
    /// whether each does; nil when the payload is no object at all. A union discriminated by that very field names
    /// its variant by it already, and needs nothing of them.
    package func eventCarriers(of payload: TypeRef, field: String) -> [(model: Model, field: Field?)]? {
        func carrier(_ type: TypeRef) -> (model: Model, field: Field?)? {
            guard case .object(let model) = shape(of: type), case .object(let fields) = model.kind else { return nil }
            return (model, fields.first { $0.wireName == field })
        }
        switch shape(of: payload) {
        case .object:
            return carrier(payload).map { [$0] }
        case .union(_, let union):
            if union.discriminator == field { return [] }
            let carriers = union.variants.compactMap { carrier($0.type) }
            return carriers.isEmpty ? nil : carriers
        default:
            return nil
        }
    }

    /// Whether deliveries of `event` can name it in the payload's `field`: every carrier has the field, and none
    /// holds it to another constant.
    package func namesEvent(_ event: String, in payload: TypeRef, field: String) -> Bool {
        eventCarriers(of: payload, field: field)?.allSatisfy { carrier in
            guard let found = carrier.field else { return false }
            if case .string(let constant)? = found.constant { return constant == event }
            return true
        } ?? false
    }
}
