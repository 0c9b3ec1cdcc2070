extension LintRun {
    /// Checks a union: distinct variants and case names, object variants and distinct tags when discriminated, and
    /// no variant that an earlier one always wins over when undiscriminated.
    mutating func checkUnion(_ model: Model, _ union: Union) {
        let scope = "union '\(model.name)'"
        // A discriminated union of one variant says more than an alias: a value with another tag is a kind the
        // spec does not know yet, read as `undocumented`, not as the one variant.
        if union.variants.count == 1, union.discriminator == nil, let only = union.variants.first {
            warning(
                only.location, "\(scope) has one variant", fix: "write it as an alias: '\(model.name): \(only.type)'")
        }
        var distinct: [UnionVariant] = []
        for variant in union.variants {
            if distinct.contains(where: { $0.type == variant.type }) {
                error(.unions, variant.location, "\(scope) lists '\(variant.type)' twice", fix: "remove one of them")
            } else {
                distinct.append(variant)
            }
            if types.containsFile(variant.type) {
                error(
                    .bytesInJSON,
                    variant.location, "variant '\(variant.type)' of \(scope) is raw bytes, which JSON cannot carry",
                    fix: "use 'bytes' for base64 text")
            }
            if let custom = variant.caseName, !Namer.isMemberIdentifier(custom) {
                error(.unions, variant.location, "case '\(custom)' of \(scope) is not a Swift identifier")
            }
            if namer.bareCaseName(of: variant) == Namer.unknownEnumCase {
                error(
                    .unions,
                    variant.location,
                    "variant '\(variant.type)' of \(scope) would take the case name '\(Namer.unknownEnumCase)',"
                        + " which keeps variants this client does not know",
                    fix: "give it a 'case'")
            }
        }
        checkCollisions(
            distinct.map { ($0.type.description, namer.bareCaseName(of: $0), $0.location) },
            scope: scope, kind: "variant")
        if let discriminator = union.discriminator {
            checkDiscriminated(model, union, discriminator: discriminator)
        } else {
            for variant in union.variants where !variant.tags.isEmpty {
                let key = variant.tags.count == 1 ? "tag" : "tags"
                warning(
                    variant.location,
                    "'\(key)' of variant '\(variant.type)' in \(scope) has no effect without a"
                        + " discriminator",
                    fix: "add 'discriminator: <property>' to the union, or remove '\(key)'")
            }
            checkShadowedVariants(model, union)
        }
    }

    mutating func checkDiscriminated(_ model: Model, _ union: Union, discriminator: String) {
        let scope = "union '\(model.name)'"
        var tags: [String: UnionVariant] = [:]
        for variant in union.variants {
            guard case .object(let variantModel) = shape(of: variant.type) else {
                error(
                    .unions,
                    variant.location,
                    "variant '\(variant.type)' of \(scope) is not a model with properties, so it cannot carry"
                        + " the discriminator '\(discriminator)'",
                    fix: "make every variant a model, or remove 'discriminator' to try the variants in order")
                continue
            }
            for tag in variant.discriminatorValues {
                if let first = tags[tag] {
                    error(
                        .unions,
                        variant.location,
                        first.type == variant.type
                            ? "variant '\(variant.type)' of \(scope) lists the tag '\(tag)' twice"
                            : "variants '\(first.type)' and '\(variant.type)' of \(scope) both have the tag '\(tag)'",
                        fix: first.type == variant.type ? "list it once" : "give one of them another 'tag'")
                }
                tags[tag] = tags[tag] ?? variant
            }
            guard let field = variantModel.fields.first(where: { $0.wireName == discriminator }) else { continue }
            switch shape(of: field.type) {
            case .primitive(.string):
                if case .string(let constant)? = field.constant, variant.discriminatorValues != [constant] {
                    error(
                        .unions,
                        variant.location,
                        "'\(discriminator)' of '\(variantModel.name)' is always '\(constant)', but \(scope) selects"
                            + " it with '\(variant.discriminatorValues.joined(separator: "', '"))'",
                        fix: "give the variant 'tag: \(constant)' in the union")
                }
            case .enumeration(let enumModel, let values):
                for tag in variant.discriminatorValues where !values.contains(where: { $0.value == tag }) {
                    error(
                        .unions,
                        variant.location,
                        "tag '\(tag)' of variant '\(variant.type)' in \(scope) is not a value of enum"
                            + " '\(enumModel.name)', the type of its '\(discriminator)'",
                        fix: "give the variant a 'tag' that is one of its values")
                }
            default:
                error(
                    .unions,
                    field.typeLocation,
                    "'\(discriminator)' of '\(variantModel.name)' is the discriminator of \(scope), so it must be a"
                        + " string or a string enum, not '\(field.type)'",
                    fix: "type it 'string'")
            }
        }
    }

    /// An undiscriminated union decodes the first variant that fits, so a variant whose every value also fits an
    /// earlier one is never chosen. In a union the client only sends, the app picks its case, so two variants that
    /// decode each other's values (which no order fixes) are no fault there; an order that would fix it still is.
    private mutating func checkShadowedVariants(_ model: Model, _ union: Union) {
        let decoded = usage.responseModels.contains(model.name) || !usage.usedModels.contains(model.name)
        let order = VariantOrder(types)
        let variants = union.variants.map(\.type)
        for (index, later) in union.variants.enumerated() {
            guard let earlier = order.shadowing(index, in: variants),
                decoded || !order.accepts(later.type, everyValueOf: variants[earlier])
            else { continue }
            warning(
                later.location,
                "variant '\(later.type)' of union '\(model.name)' is never chosen: every value of it also decodes as"
                    + " '\(variants[earlier])', which is tried first",
                fix: "list '\(later.type)' before '\(variants[earlier])'")
        }
    }
}
