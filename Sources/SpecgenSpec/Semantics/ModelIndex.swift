/// Models of a spec by name, for look-ups only: iteration always goes through `spec.models`, in spec order.
package struct ModelIndex: Sendable {
    private let models: [Model]
    private let positions: [String: Int]

    /// Indexes the models; when a name repeats, the first model wins (the validator reports the rest).
    package init(_ models: [Model]) {
        self.models = models
        var positions: [String: Int] = [:]
        for (position, model) in models.enumerated() where positions[model.name] == nil {
            positions[model.name] = position
        }
        self.positions = positions
    }

    /// The model with this spec name.
    package subscript(name: String) -> Model? { positions[name].map { models[$0] } }
}
