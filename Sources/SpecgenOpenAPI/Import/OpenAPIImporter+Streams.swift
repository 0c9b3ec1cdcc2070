import SpecgenSpec
import SpecgenYAML

/// Streamed forms: an operation whose success is offered as JSON or as a stream gets a second endpoint that streams,
/// whose body sets the `stream` flag itself.
extension ImportRun {
    /// Whether a success of the operation offers both JSON and a stream (`text/event-stream`, JSON Lines), as the
    /// chat APIs do for a body with `stream: true`.
    static func offersStream(_ operation: DocumentOperation) -> Bool {
        operation.responses.contains { response in
            let kinds = Set((response.node["content"]?.entries ?? []).map { mediaKind($0.key) })
            return response.isSuccess && kinds.contains("json") && !kinds.isDisjoint(with: ["events", "lines"])
        }
    }

    /// The streamed form's body: the body model with its `stream` flag a constant `true`, so the method sets it,
    /// not the caller (`ChatCompletionRequest` → `ChatCompletionRequestStream`). A body without such a flag stays.
    func streamingBody(_ body: RequestBody) -> RequestBody {
        guard body.encoding == .json, case .type(.named(let model)) = body.content else { return body }
        if let made = streamForms[model] {
            var streaming = body
            streaming.content = .type(.named(made))
            return streaming
        }
        // The flag must be the model's own property, which the copy can restate.
        guard case .object(var fields, let open)? = shapes[model],
            let flag = fields.firstIndex(where: { $0.wireName == "stream" && $0.type == .primitive(.bool) }),
            let index = modelIndex[model], var copy = models[index].model, case .object(var properties) = copy.kind,
            let property = properties.firstIndex(where: { $0.wireName == "stream" })
        else { return body }
        let name = allocateTypeName(
            model + "Stream", at: modelLocation(model),
            "the streamed form of '\(model)'")
        fields[flag].field = Field(
            wireName: "stream", type: .primitive(.bool), defaultValue: .bool(true),
            description: "Always `true`: this form of the operation streams its answer.", constant: .bool(true),
            location: Self.unlocated)
        properties[property] = fields[flag].field
        copy.name = name
        copy.swiftName = nil
        copy.kind = .object(properties)
        setModel(copy, shape: .object(fields: fields, open: open))
        streamForms[model] = name
        var streaming = body
        streaming.content = .type(.named(name))
        return streaming
    }
}
