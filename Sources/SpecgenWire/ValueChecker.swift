import Foundation
import SpecgenSpec

/// Checks values from a request against the spec's types and constraints, collecting every mismatch.
package struct ValueChecker {
    let spec: Spec
    /// The one resolver of aliases and shapes.
    let types: TypeResolver
    private(set) var problems: [WireProblem] = []
    /// Body properties the spec does not declare. A server ignores them, as the OpenAPI export allows them.
    private(set) var ignored: [String] = []
    /// True while checking a field the spec marks sensitive: its value never appears in a problem.
    private var hidingValues = false

    init(spec: Spec, types: TypeResolver) {
        self.spec = spec
        self.types = types
    }

    mutating func report(_ field: String, _ message: String, at location: SourceLocation) {
        problems.append(WireProblem(field: field, message: message, location: location))
    }

    mutating func ignore(_ field: String) {
        ignored.append(field)
    }

    // MARK: Fields

    /// Checks an object's value for a declared field: presence first, then the value.
    mutating func checkField(_ value: SpecValue?, _ declared: Field, path: String) {
        let wasHiding = hidingValues
        hidingValues = hidingValues || declared.sensitive
        defer { hidingValues = wasHiding }
        switch value {
        case nil:
            if declared.isRequiredOnWire {
                report(path, "is required (\(declared.type))", at: declared.location)
            }
        case .null?:
            if declared.presence == .required {
                report(path, "must not be null (\(declared.type))", at: declared.location)
            }
        case let value?:
            if let constant = declared.constant, value != constant {
                report(path, "must be \(JSONText.encode(constant))", at: declared.typeLocation)
                return
            }
            checkJSON(
                value, declared.type, constraints: declared.constraints, format: declared.format, path: path,
                location: declared.typeLocation)
        }
    }

    /// Checks textual values of a parameter, form field or multipart text part (each value one string).
    mutating func checkTextField(_ values: [String], _ declared: Field, path: String) {
        let wasHiding = hidingValues
        hidingValues = hidingValues || declared.sensitive
        defer { hidingValues = wasHiding }
        if values.isEmpty {
            if declared.isRequiredOnWire {
                report(path, "is required (\(declared.type))", at: declared.location)
            }
            return
        }
        if case .array(let element) = types.shape(of: declared.type) {
            if let min = declared.constraints.minItems, values.count < min {
                report(path, "has \(values.count) values, fewer than \(min)", at: declared.typeLocation)
            }
            for value in values {
                checkText(
                    value, element, constraints: Constraints(), format: declared.format, path: path,
                    location: declared.typeLocation)
            }
            return
        }
        if values.count > 1 {
            report(path, "is given \(values.count) times but is a single value", at: declared.location)
        }
        checkText(
            values[0], declared.type, constraints: declared.constraints, format: declared.format, path: path,
            location: declared.typeLocation)
    }

    /// Checks a query parameter or form field in its style (repeated, comma-joined, or `name[key]` entries of a
    /// map) and returns the item names it read.
    mutating func checkItems(_ pairs: FormPairs, _ declared: Field, path: String) -> Set<String> {
        switch types.textStyle(of: declared) {
        case .comma?:
            let values = pairs.values(declared.wireName).flatMap {
                $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
            checkTextField(values, declared, path: path)
            return [declared.wireName]
        case .deepObject(let valueType)?:
            let prefix = declared.wireName + "["
            let entries = pairs.pairs.filter { $0.name.hasPrefix(prefix) && $0.name.hasSuffix("]") }
            if entries.isEmpty, declared.isRequiredOnWire {
                report(path, "is required (\(declared.type))", at: declared.location)
            }
            // Each entry is one value of the map's value type.
            var entryField = declared
            entryField.type = valueType
            entryField.constraints = Constraints()
            for entry in entries {
                let key = entry.name.dropFirst(prefix.count).dropLast()
                checkTextField([entry.value], entryField, path: "\(path)[\(key)]")
            }
            return Set(entries.map(\.name))
        case .json?:
            checkJSONText(pairs, declared, path: path)
            return [declared.wireName]
        default:
            checkTextField(pairs.values(declared.wireName), declared, path: path)
            return [declared.wireName]
        }
    }

    /// Checks a query parameter sent as JSON text: one item, whose text is JSON of the declared type; where it is no
    /// JSON as it is, the query is read again as a form, each `+` a space, as a client that encodes its query as a
    /// form encodes one (`{"a":+1}`).
    mutating func checkJSONText(_ pairs: FormPairs, _ declared: Field, path: String) {
        let values = pairs.values(declared.wireName)
        if values.count > 1 {
            report(path, "is given \(values.count) times but is a single value", at: declared.location)
        }
        guard let text = values.first else {
            if declared.isRequiredOnWire { report(path, "is required (\(declared.type))", at: declared.location) }
            return
        }
        guard
            let value = JSONText.parse(Data(text.utf8))
                ?? pairs.valuesAsForm(declared.wireName).first.flatMap({ JSONText.parse(Data($0.utf8)) })
        else {
            return report(path, "is not JSON text (\(declared.type))", at: declared.typeLocation)
        }
        checkField(value, declared, path: path)
    }

    // MARK: JSON

    mutating func checkJSON(
        _ value: SpecValue, _ type: TypeRef, constraints: Constraints, format: String?, path: String,
        location: SourceLocation
    ) {
        switch type {
        case .primitive(let primitive):
            checkPrimitive(value, primitive, constraints: constraints, format: format, path: path, location: location)
        case .array(let element):
            guard case .array(let items) = value else { return mismatch(value, "an array", path, location) }
            checkConstraints(value, constraints, path: path, location: location)
            for (index, item) in items.enumerated() {
                checkJSON(
                    item, element, constraints: Constraints(), format: format, path: "\(path)[\(index)]",
                    location: location)
            }
        case .map(let valueType):
            guard case .object(let entries) = value else { return mismatch(value, "an object", path, location) }
            for entry in entries {
                checkJSON(
                    entry.value, valueType, constraints: Constraints(), format: format, path: "\(path).\(entry.key)",
                    location: location)
            }
        case .named(let name):
            guard let model = spec.model(named: name) else { return }
            checkModel(value, model, constraints: constraints, format: format, path: path)
        }
    }

    private mutating func checkModel(
        _ value: SpecValue, _ model: Model, constraints: Constraints, format: String?,
        path: String
    ) {
        switch model.kind {
        case .object(let fields):
            guard case .object(let entries) = value else {
                return mismatch(value, "an object (\(model.name))", path, model.location)
            }
            for field in fields {
                checkField(entries.first { $0.key == field.wireName }?.value, field, path: "\(path).\(field.wireName)")
            }
            for entry in entries where !fields.contains(where: { $0.wireName == entry.key }) {
                guard let extra = model.additionalProperties else {
                    ignore("\(path).\(entry.key)")
                    continue
                }
                checkJSON(
                    entry.value, extra, constraints: Constraints(), format: nil, path: "\(path).\(entry.key)",
                    location: model.location)
            }
        case .enumeration(let values):
            let text: String
            switch value {
            case .string(let string) where !model.isIntegerEnum: text = string
            case .int(let number) where model.isIntegerEnum: text = String(number)
            default:
                return mismatch(
                    value, (model.isIntegerEnum ? "an integer" : "a string") + " (\(model.name))", path, model.location)
            }
            if !values.contains(where: { $0.value == text }) {
                report(
                    path,
                    "is \"\(show(text))\", not one of \(model.name)'s values: "
                        + values.map { Diagnostic.excerpt($0.value) }.joined(separator: ", "),
                    at: model.location)
            }
        case .alias(let underlying, let aliasConstraints):
            checkJSON(
                value, underlying, constraints: aliasConstraints.merged(with: constraints), format: format,
                path: path, location: model.location)
        case .union(let union):
            checkUnion(value, model, union, path: path)
        }
    }

    /// A discriminated union checks the variant its tag names; an undiscriminated one passes when any variant
    /// does, and otherwise reports why each failed, as the client would decode it.
    private mutating func checkUnion(_ value: SpecValue, _ model: Model, _ union: Union, path: String) {
        if let discriminator = union.discriminator {
            guard case .string(let tag)? = value[discriminator] else {
                return report(
                    path, "needs '\(discriminator)' naming a variant of \(model.name)",
                    at: union.discriminatorLocation ?? model.location)
            }
            guard let variant = union.variants.first(where: { $0.discriminatorValues.contains(tag) }) else {
                let tags = union.variants.flatMap(\.discriminatorValues).joined(separator: ", ")
                return report(
                    "\(path).\(discriminator)", "is \"\(show(tag))\", not one of \(model.name)'s variants: \(tags)",
                    at: union.discriminatorLocation ?? model.location)
            }
            return checkJSON(
                value, variant.type, constraints: Constraints(), format: nil, path: path, location: variant.location)
        }
        var reasons: [String] = []
        for variant in union.variants {
            var attempt = ValueChecker(spec: spec, types: types)
            attempt.hidingValues = hidingValues
            attempt.checkJSON(
                value, variant.type, constraints: Constraints(), format: nil, path: path, location: variant.location)
            guard let first = attempt.problems.first else { return }
            reasons.append("\(variant.type): \(first.field) \(first.message)")
        }
        report(
            path, "matches no variant of \(model.name) (" + reasons.joined(separator: "; ") + ")",
            at: model.location)
    }

    private mutating func checkPrimitive(
        _ value: SpecValue, _ primitive: Primitive, constraints: Constraints,
        format: String?, path: String, location: SourceLocation
    ) {
        switch primitive {
        case .json, .binary, .file:
            return
        case .bool:
            guard case .bool = value else { return mismatch(value, "a boolean", path, location) }
        case .int, .int32, .int64:
            guard case .int(let int) = value else { return mismatch(value, "an integer", path, location) }
            if primitive == .int32, Int32(exactly: int) == nil {
                report(path, "\(int) does not fit in 32 bits", at: location)
            }
            checkConstraints(value, constraints, path: path, location: location)
        case .double, .float:
            switch value {
            case .int, .double: checkConstraints(value, constraints, path: path, location: location)
            default: mismatch(value, "a number", path, location)
            }
        case .datetime where EpochFormat(format: format) != nil:
            switch value {
            case .int, .double: return
            default: mismatch(value, "a number (\(format ?? ""))", path, location)
            }
        case .string, .datetime, .date, .uuid, .url, .bytes:
            guard case .string(let text) = value else {
                return mismatch(value, "a string (\(primitive.rawValue))", path, location)
            }
            checkString(text, primitive, constraints: constraints, format: format, path: path, location: location)
        }
    }

    private mutating func checkString(
        _ text: String, _ primitive: Primitive, constraints: Constraints, format: String?,
        path: String, location: SourceLocation
    ) {
        // The text the export's pattern describes, and a value the client decodes.
        if !WireText.fits(text, primitive, format: format) {
            report(path, "is \"\(show(text))\", not \(WireText.expected(primitive, format: format))", at: location)
        }
        checkConstraints(.string(text), constraints, path: path, location: location)
    }

    /// Lengths, pattern, range and item count, as ``Constraints/violations(of:)`` judges them.
    private mutating func checkConstraints(
        _ value: SpecValue, _ constraints: Constraints, path: String, location: SourceLocation
    ) {
        for violation in constraints.violations(of: value) {
            report(
                path, violation.message,
                at: violation.isPattern ? constraints.patternLocation ?? location : location)
        }
    }

    private mutating func mismatch(_ value: SpecValue, _ expected: String, _ path: String, _ location: SourceLocation) {
        report(path, "expected \(expected), found \(kind(of: value))", at: location)
    }

    // MARK: Text

    /// Reads one textual value as its type would write it, then checks it like JSON.
    mutating func checkText(
        _ text: String, _ type: TypeRef, constraints: Constraints, format: String?, path: String,
        location: SourceLocation
    ) {
        let value: SpecValue
        switch types.resolved(type).type {
        case .primitive(.int), .primitive(.int32), .primitive(.int64):
            guard let int = Int(text) else {
                return report(path, "expected an integer, found \"\(show(text))\"", at: location)
            }
            value = .int(int)
        case .primitive(.double), .primitive(.float),
            .primitive(.datetime) where EpochFormat(format: format) != nil:
            guard let double = Double(text) else {
                return report(path, "expected a number, found \"\(show(text))\"", at: location)
            }
            value = .double(double)
        case .primitive(.bool):
            guard text == "true" || text == "false" else {
                return report(path, "expected true or false, found \"\(show(text))\"", at: location)
            }
            value = .bool(text == "true")
        case .array, .map:
            return report(path, "must be a single value", at: location)
        case .named(let name) where types.model(named: name)?.isIntegerEnum == true:
            value = Int(text).map(SpecValue.int) ?? .string(text)
        default:
            value = .string(text)
        }
        checkJSON(value, type, constraints: constraints, format: format, path: path, location: location)
    }

    // MARK: Helpers

    func kind(of value: SpecValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string(let text): "the string \"\(show(text))\""
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// At most 40 characters of a value, so a problem never echoes a long value whole, and nothing of a secret one.
    func show(_ text: String) -> String {
        if hidingValues { return "<redacted>" }
        return Diagnostic.excerpt(text)
    }

}
