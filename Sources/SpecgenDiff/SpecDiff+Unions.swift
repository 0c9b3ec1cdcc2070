import SpecgenEmitter
import SpecgenSpec

/// Unions' variants and tags, and the constraints of values.
extension SpecDiff {
    /// Variants by type: added, removed, retagged, and (without a discriminator) reordered.
    mutating func compareUnions(
        _ before: Union, _ after: Union, model: Model, typeName: String, operations: [String], inRequest: Bool
    ) {
        let namer = Namer()
        func symbol(_ variant: UnionVariant) -> String { "\(typeName).\(namer.bareCaseName(of: variant))" }
        let scope = ProofScope.model(model.name)
        for variant in before.variants where !after.variants.contains(where: { $0.type == variant.type }) {
            add(
                inRequest ? .unionVariantRemovedRequest : .unionVariantRemovedResponse,
                "variant '\(variant.type)' was removed from union '\(model.name)'", at: model.location,
                symbols: [symbol(variant)], operations: operations, scope: scope)
        }
        for variant in after.variants where !before.variants.contains(where: { $0.type == variant.type }) {
            add(
                .unionVariantAdded, "variant '\(variant.type)' was added to union '\(model.name)'",
                at: variant.location, symbols: [symbol(variant)], operations: operations, scope: scope)
        }
        for variant in after.variants {
            guard let old = before.variants.first(where: { $0.type == variant.type }),
                namer.bareCaseName(of: old) != namer.bareCaseName(of: variant)
            else { continue }
            add(
                .unionCaseRenamed,
                "variant '\(variant.type)' of union '\(model.name)' is the case '\(namer.bareCaseName(of: variant))',"
                    + " was '\(namer.bareCaseName(of: old))'",
                at: variant.location, symbols: [symbol(old), symbol(variant)], operations: operations, scope: scope)
        }
        if before.discriminator != after.discriminator {
            add(
                .unionTagChanged,
                "union '\(model.name)' is told apart by \(after.discriminator.map { "'\($0)'" } ?? "trying each variant"),"
                    + " was \(before.discriminator.map { "'\($0)'" } ?? "trying each variant")",
                at: after.discriminatorLocation ?? model.location, symbols: [typeName], operations: operations,
                scope: scope)
        } else if after.discriminator != nil {
            if Self.reordered(before.variants.map(\.type), after.variants.map(\.type)) {
                add(
                    .declarationOrderChanged, "the variants of union '\(model.name)' are listed in another order",
                    at: model.location, operations: operations, scope: .operations(operations, places: nil))
            }
            for variant in after.variants {
                guard let old = before.variants.first(where: { $0.type == variant.type }),
                    old.discriminatorValues != variant.discriminatorValues
                else { continue }
                func tags(_ variant: UnionVariant) -> String {
                    variant.discriminatorValues.map { "'\($0)'" }.joined(separator: " or ")
                }
                add(
                    .unionTagChanged,
                    "variant '\(variant.type)' of union '\(model.name)' is tagged \(tags(variant)), was \(tags(old))",
                    at: variant.location, symbols: [symbol(variant)], operations: operations, scope: scope)
            }
        } else {
            let (was, now) = (before.variants.map(\.type), after.variants.map(\.type))
            if Self.reordered(was, now) {
                let order = now.filter(was.contains)
                add(
                    .unionOrderChanged,
                    "the variants of union '\(model.name)' are tried in another order: "
                        + order.map(\.description).joined(separator: ", "),
                    at: model.location, symbols: [typeName], operations: operations, scope: scope)
            }
        }
    }

    mutating func checkConstraints(
        _ a: Constraints, _ b: Constraints, what: String, at location: SourceLocation,
        symbols: [String], operations: [String], inRequest: Bool, scope: ProofScope?
    ) {
        var a = a
        var b = b
        a.patternLocation = nil
        b.patternLocation = nil
        guard a != b else { return }
        func tighter(_ old: Double?, _ new: Double?, lower: Bool) -> Bool {
            guard let new else { return false }
            guard let old else { return true }
            return lower ? new > old : new < old
        }
        let tightened =
            (b.pattern != nil && b.pattern != a.pattern)
            || tighter(a.minLength.map(Double.init), b.minLength.map(Double.init), lower: true)
            || tighter(a.maxLength.map(Double.init), b.maxLength.map(Double.init), lower: false)
            || tighter(a.minimum, b.minimum, lower: true) || tighter(a.maximum, b.maximum, lower: false)
            || tighter(a.minItems.map(Double.init), b.minItems.map(Double.init), lower: true)
            || tighter(a.maxItems.map(Double.init), b.maxItems.map(Double.init), lower: false)
        // A new pattern cannot be proven harmless by trying values: only a failing one proves anything.
        let provable = b.pattern == nil || b.pattern == a.pattern
        let changes = Self.changes(a, b)
        if tightened && inRequest {
            add(
                .constraintTightened, "\(what) has a stricter constraint: \(changes)", at: location, symbols: symbols,
                operations: operations, scope: provable ? scope : nil, explains: scope.map(Self.subjects(of:)) ?? [])
        } else if tightened {
            add(
                .responseConstraintTightened, "\(what) has a stricter constraint: \(changes)", at: location,
                symbols: symbols, operations: operations, scope: scope)
        } else {
            add(
                .constraintLoosened, "\(what) has a looser constraint: \(changes)", at: location, symbols: symbols,
                operations: operations, scope: scope)
        }
    }

    /// The Swift type a client gives a model's property, by its wire name; nil when the model is no struct.
    static func swiftType(of wireName: String, in plan: ClientPlan, typeName: String) -> String? {
        for case .object(let object) in plan.models where object.typeName == typeName {
            return object.properties.first { $0.wireName == wireName }?.type
        }
        return nil
    }

    /// Each constraint that differs, old to new: `minLength 1 → 3, pattern none → ^[a-z]+$`.
    static func changes(_ a: Constraints, _ b: Constraints) -> String {
        func text(_ value: (some CustomStringConvertible)?) -> String { value.map(\.description) ?? "none" }
        func number(_ value: Double?) -> String {
            guard let value else { return "none" }
            return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
        let pairs: [(String, String, String)] = [
            ("pattern", text(a.pattern), text(b.pattern)),
            ("minLength", text(a.minLength), text(b.minLength)), ("maxLength", text(a.maxLength), text(b.maxLength)),
            ("minimum", number(a.minimum), number(b.minimum)), ("maximum", number(a.maximum), number(b.maximum)),
            ("minItems", text(a.minItems), text(b.minItems)), ("maxItems", text(a.maxItems), text(b.maxItems)),
        ]
        return pairs.filter { $0.1 != $0.2 }.map { "\($0.0) \($0.1) → \($0.2)" }.joined(separator: ", ")
    }
}
