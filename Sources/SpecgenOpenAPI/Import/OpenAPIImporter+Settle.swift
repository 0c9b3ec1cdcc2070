import SpecgenSpec

/// What the import decides on the whole spec it wrote, by asking SpecgenSpec about it as lint and the generator see
/// it, and the webhooks, whose payloads only that decision keeps.
extension ImportRun {
    /// The models with the decisions that need the whole spec applied: schemas the document declares but no
    /// operation carries (events, webhook payloads) stay, marked standalone; an undiscriminated union's variants are
    /// ordered so that none is shadowed by one tried before it, where such an order exists.
    /// Variants that decode each other's values have no such order: the later is never chosen, so it is dropped
    /// from the union, with a warning (its values decode as the earlier variant, as they would have anyway).
    /// The decisions are made on the spec's value and applied to it, so that the next pass asks about the spec as
    /// it now is.
    func settle(_ spec: inout Spec) {
        let types = TypeResolver(spec)
        let usage = ModelUsage(spec, resolver: types)
        let included = Set(spec.models.flatMap { $0.includes.map(\.name) })
        let unreached = Set(spec.models.map(\.name)).subtracting(usage.usedModels).subtracting(included)
        // Only the roots are marked (`BalanceEvent`, not the `Reason` it holds): what a standalone model holds is
        // used through it. Models that only hold each other have no root; then they are all marked.
        var heldTypes: [TypeRef] = []
        for model in spec.models where unreached.contains(model.name) {
            switch model.kind {
            case .object(let fields): heldTypes += fields.map(\.type)
            case .alias(let target, _): heldTypes.append(target)
            case .union(let union): heldTypes += union.variants.map(\.type)
            case .enumeration: break
            }
        }
        let roots = unreached.subtracting(usage.reach.strings(usage.reach.names(from: heldTypes)))
        let unused = roots.isEmpty ? unreached : roots
        let variantOrder = VariantOrder(types)
        var orders: [String: [Int]] = [:]
        for model in spec.models {
            guard case .union(let union) = model.kind, union.discriminator == nil else { continue }
            let variants = union.variants.map(\.type)
            let ordered = variantOrder.order(variants)
            // A union the client only sends is never decoded (the app picks its case), so it keeps every variant.
            let decoded = usage.responseModels.contains(model.name) || unreached.contains(model.name)
            var kept: [Int] = []
            for index in ordered where decoded {
                if let earlier = kept.first(where: { variantOrder.accepts(variants[$0], everyValueOf: variants[index]) }
                ) {
                    warn(
                        .unionOverlap,
                        at: modelLocation(model.name),
                        "variants '\(variants[index])' and '\(variants[earlier])' of '\(model.name)' decode the same "
                            + "values, so '\(variants[index])' would never be chosen; dropped")
                    continue
                }
                kept.append(index)
            }
            if !decoded { kept = ordered }
            if kept != Array(variants.indices) { orders[model.name] = kept }
        }
        // A model whose Swift name a generated type takes (`AcmeError` in the API `Acme`, an operation's error
        // type, the mock's closure types) gets another, with a warning: the spec keeps the document's name.
        var generated = GeneratedNames.typeNames(of: spec, namer: namer)
        // Every operation's error type is reserved, whether it has errors of its own or throws the API's shared
        // type: which it does depends on the other operations, and a model's name must not.
        for endpoint in spec.endpoints {
            let name = namer.typeName(namer.methodName(endpoint.name)) + "Error"
            if generated[name] == nil { generated[name] = "the error type of '\(endpoint.name)'" }
        }
        var swiftNames = Set(spec.models.map { namer.swiftName(of: $0).lowercased() })
        var renames: [String: String] = [:]
        for model in spec.models where model.swiftName == nil && generated[namer.swiftName(of: model)] != nil {
            let taken = namer.swiftName(of: model)
            let chosen = Self.unique(taken + "Model") {
                swiftNames.contains($0.lowercased()) || generated[$0] != nil
            }
            swiftNames.insert(chosen.lowercased())
            renames[model.name] = chosen
            warn(
                .generatedName, at: modelLocation(model.name),
                "'\(model.name)' would be generated as '\(taken)', \(generated[taken] ?? "a generated type"); its "
                    + "Swift name is '\(chosen)'")
        }
        for index in spec.models.indices {
            let name = spec.models[index].name
            if let order = orders[name], case .union(var union) = spec.models[index].kind {
                let variants = union.variants
                if order.count == 1 {
                    // One variant left: the union is another name for it.
                    spec.models[index].kind = .alias(variants[order[0]].type, Constraints())
                } else {
                    union.variants = order.map { variants[$0] }
                    spec.models[index].kind = .union(union)
                }
            }
            if let swiftName = renames[name] { spec.models[index].swiftName = swiftName }
            if unused.contains(name) { spec.models[index].isStandalone = true }
        }
    }

    /// A property of an open struct that would take the Swift name `additionalProperties`, which holds the
    /// properties the struct does not declare, is given another, with a warning; its wire name stays.
    func nameAdditionalPropertiesFields(_ spec: inout Spec) {
        for index in spec.models.indices {
            let model = spec.models[index]
            guard model.additionalProperties != nil, case .object(var fields) = model.kind else { continue }
            var taken = Set(fields.map { namer.bareSwiftName(of: $0) })
            var renamed = false
            for field in fields.indices where namer.bareSwiftName(of: fields[field]) == "additionalProperties" {
                let chosen = Self.unique("additionalPropertiesField") { taken.contains($0) }
                taken.insert(chosen)
                fields[field].swiftName = chosen
                renamed = true
                warn(
                    .generatedName,
                    at: modelLocation(model.name),
                    "property '\(fields[field].wireName)' of '\(model.name)' would take the Swift name "
                        + "'additionalProperties', which holds the properties it does not declare; its Swift name is "
                        + "'\(chosen)'")
            }
            if renamed { spec.models[index].kind = .object(fields) }
        }
    }

    /// A file in a model sent or received as JSON (a 3.1 `contentMediaType` string of a schema no multipart body
    /// keeps to itself) travels as base64 `bytes`, as JSON can carry it, with a warning.
    func filesInJSONAsBytes(_ spec: inout Spec) {
        let types = TypeResolver(spec)
        let json = ModelUsage(spec, resolver: types).jsonModels
        func bytes(_ type: TypeRef) -> TypeRef {
            switch type {
            case .array(let element): .array(bytes(element))
            case .map(let value): .map(bytes(value))
            default: types.containsFile(type) ? .primitive(.bytes) : type
            }
        }
        for index in spec.models.indices where json.contains(spec.models[index].name) {
            for field in spec.models[index].fields where types.containsFile(field.type) {
                let name = spec.models[index].name
                retype(field.wireName, of: index, in: &spec) { $0.type = bytes($0.type) }
                warn(
                    .fileInJSON,
                    at: places.modelLocations[name] ?? SourceLocation(path: root?.file ?? "", line: 1, column: 1),
                    "'\(name).\(field.wireName)' is a file in a model sent or received as JSON; typed "
                        + "'\(bytes(field.type))', base64 in JSON")
            }
        }
    }

    /// A discriminated union lint would refuse (a variant whose tag property is not text, two variants with one
    /// tag), asked of SpecgenSpec once the spec is whole, is decoded in order instead, with a warning.
    func dropRefusedDiscriminators(_ spec: inout Spec) {
        let refused = SpecLinter().discriminatorErrors(spec)
        guard !refused.isEmpty else { return }
        for index in spec.models.indices {
            guard let errors = refused[spec.models[index].name], case .union(var union) = spec.models[index].kind
            else { continue }
            let name = spec.models[index].name
            warn(
                .discriminatorDropped,
                at: places.modelLocations[name] ?? SourceLocation(path: root?.file ?? "", line: 1, column: 1),
                "'\(name)' cannot be told apart by '\(union.discriminator ?? "")' ("
                    + errors.map(\.message).joined(separator: "; ") + "); decoded in order instead")
            union.discriminator = nil
            for variant in union.variants.indices { union.variants[variant].tags = [] }
            // Without its discriminator, a union of one variant is another name for it.
            spec.models[index].kind =
                union.variants.count == 1 ? .alias(union.variants[0].type, Constraints()) : .union(union)
        }
    }
}
