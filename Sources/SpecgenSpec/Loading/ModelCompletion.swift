/// What the loader settles once every model is read: structs that include others get the included properties
/// (each conflict reported where it is written), and a discriminated union's variant without a `tag` takes the
/// constant its model gives the discriminator.
package struct ModelCompletion {
    let context: LoadContext
    private var models: [Model]
    private var flattened: [String: [Field]] = [:]
    private var inProgress: [String] = []

    init(_ models: [Model], context: LoadContext) {
        self.models = models
        self.context = context
    }

    /// The models completed as the loader completes them, for a tool that builds a spec's models itself (the
    /// OpenAPI import). A conflict between included properties is not reported here: loading the written spec does.
    package static func completed(_ models: [Model]) -> [Model] {
        complete(models, context: LoadContext(path: ""))
    }

    /// The models, completed.
    static func complete(_ models: [Model], context: LoadContext) -> [Model] {
        var completion = ModelCompletion(models, context: context)
        for index in completion.models.indices where !completion.models[index].includes.isEmpty {
            let fields = completion.fields(of: completion.models[index].name)
            completion.models[index].kind = .object(fields)
        }
        for index in completion.models.indices {
            guard case .union(var union) = completion.models[index].kind, let discriminator = union.discriminator
            else { continue }
            for variantIndex in union.variants.indices where union.variants[variantIndex].tag == nil {
                guard case .named(let name) = union.variants[variantIndex].type,
                    let field = completion.models.first(where: { $0.name == name })?.fields
                        .first(where: { $0.wireName == discriminator }),
                    case .string(let constant)? = field.constant
                else { continue }
                union.variants[variantIndex].tag = constant
            }
            completion.models[index].kind = .union(union)
        }
        return completion.models
    }

    /// A struct's fields: each included model's, in order, then its own; a field written twice is kept once when
    /// both agree on its type, and the model's own may make an included field required.
    private mutating func fields(of name: String) -> [Field] {
        if let done = flattened[name] { return done }
        guard let model = models.first(where: { $0.name == name }), case .object(let own) = model.kind else {
            return []
        }
        if model.includes.isEmpty { return own }
        inProgress.append(name)
        defer { inProgress.removeLast() }
        var fields: [Field] = []
        var origin: [String: String] = [:]
        for reference in model.includes {
            if inProgress.contains(reference.name) {
                context.error(
                    .includes,
                    at: reference.location,
                    "model '\(name)' includes itself through \((inProgress + [reference.name]).joined(separator: " -> "))",
                    fix: "remove one of the 'includes'")
                continue
            }
            guard let part = models.first(where: { $0.name == reference.name }), case .object = part.kind else {
                context.error(
                    .includes,
                    at: reference.location, "'\(reference.name)' included by '\(name)' is not a model with properties",
                    fix: "include only models with 'properties'")
                continue
            }
            for field in self.fields(of: reference.name) {
                if let index = fields.firstIndex(where: { $0.wireName == field.wireName }) {
                    let first = fields[index]
                    if first.type != field.type || first.presence != field.presence {
                        context.error(
                            .includes,
                            at: reference.location,
                            "'\(name)' includes '\(field.wireName)' from '\(origin[field.wireName] ?? "")' as"
                                + " '\(Self.written(first))' and from '\(reference.name)' as '\(Self.written(field))'",
                            fix: "make the two agree, or declare '\(field.wireName)' in '\(name)' itself")
                    }
                    continue
                }
                origin[field.wireName] = reference.name
                fields.append(field)
            }
        }
        for field in own {
            guard let index = fields.firstIndex(where: { $0.wireName == field.wireName }) else {
                fields.append(field)
                continue
            }
            if fields[index].type != field.type {
                context.error(
                    .includes,
                    at: field.typeLocation,
                    "'\(name).\(field.wireName)' is '\(field.type)', but '\(origin[field.wireName] ?? "")' it includes"
                        + " declares it '\(fields[index].type)'",
                    fix: "give it the included type, or rename it")
                continue
            }
            fields[index] = field
        }
        flattened[name] = fields
        return fields
    }

    private static func written(_ field: Field) -> String {
        field.type.description + field.presence.suffix
    }
}
