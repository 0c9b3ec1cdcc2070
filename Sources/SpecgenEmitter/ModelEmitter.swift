import SpecgenSpec

/// Prints models: structs with memberwise initializers, forward-compatible enums, and aliases.
struct ModelEmitter {
    func emit(_ model: ModelPlan, writer w: inout SwiftWriter) {
        switch model {
        case .object(let object): emit(object, writer: &w)
        case .enumeration(let enumeration): emit(enumeration, writer: &w)
        case .alias(let alias): emit(alias, writer: &w)
        case .union(let union): emit(union, writer: &w)
        }
    }

    // MARK: - Structs

    func emit(_ object: ObjectPlan, writer w: inout SwiftWriter) {
        w.docComment(object.documentation ?? "The `\(object.keyPath)` model.")
        w.deprecationNote(object.deprecation)
        w.uses(object.usage, publicly: true)
        let conformances = object.isCodable ? ": Codable, Hashable, Sendable" : ": Hashable, Sendable"
        // Formatted dates and out-of-line models are stored in runtime types, which public properties read through.
        let wrapped = object.properties.contains { $0.storage != nil }
        w.type("struct", object.typeName, conformances) { w in
            // Undocumented properties sit on consecutive lines; a documented one, or one read through its storage, is
            // set apart by blank lines.
            let apart = { (property: PropertyPlan) in property.isDocumented || property.storage != nil }
            for (index, property) in object.properties.enumerated() {
                let previous = index > 0 ? object.properties[index - 1] : nil
                if let previous, apart(previous) || apart(property) { w.blank() }
                // Every public declaration is documented; a field the spec does not describe names its source.
                w.docComment(property.documentation ?? "The `\(property.wireName)` field of `\(object.keyPath)`.")
                w.deprecationNote(property.deprecation)
                if let storage = property.storage {
                    emitStored(property, in: storage, writer: &w)
                } else {
                    w.declaration("var", property.name, ": \(property.type)")
                }
            }
            if let extra = object.additionalProperties {
                w.blank()
                w.docComment(
                    "Properties `\(object.keyPath)` does not declare, kept as they arrived and sent back when encoded.")
                w.declaration("var", "additionalProperties", ": [String: \(extra)]")
            }
            if !object.properties.isEmpty || object.additionalProperties != nil { w.blank() }
            for property in object.properties {
                guard let dateCoding = property.dateCoding, let formatType = dateCoding.formatTypeName else { continue }
                w.docComment("The format of `\(property.wireName)`.")
                w.type("enum", formatType, ": DateFormatSpecifier") { w in
                    w.docComment("`\(dateCoding.format)`")
                    w.declaration("static var", "format", ": DateFormat", " { \(dateCoding.format) }")
                }
                w.blank()
            }
            emitInitializer(object, writer: &w)
            if !object.validations.isEmpty {
                emitValidate("Checks the constraints `\(object.keyPath)` declares", writer: &w) { w in
                    for validation in object.validations { ValidationEmitter().emit(validation, writer: &w) }
                }
            }
            // A struct that never travels as JSON has no coding at all; one that does spells its coding out with the
            // runtime's `AnyCodingKey`, keys written as their wire names. A derived coding needs a `CodingKeys` enum
            // per struct, whose `CodingKey`, `RawRepresentable` and `Hashable` conformances were 13% to 31% of a
            // client's release code (Benchmarks/RESULTS.md).
            if object.isCodable {
                w.blank()
                emitDecoding(object, writer: &w)
                w.blank()
                emitEncoding(object, writer: &w)
            }
            if object.properties.count > Self.derivedEqualityLimit {
                w.blank()
                emitEquality(object, writer: &w)
            }
        }
        // The storage is private; only a format type the model declares (`<Field>Format: DateFormatSpecifier`) shows
        // the runtime in a public declaration.
        if wrapped {
            let formats = object.properties.contains { $0.dateCoding?.formatTypeName != nil }
            w.uses(.runtime, publicly: formats)
        }
        if object.hasSensitive {
            w.blank()
            emitRedactedDescription(object, writer: &w)
        }
        if object.hasSensitive || wrapped {
            w.blank()
            emitMirror(object, writer: &w)
        }
    }

    /// A property kept in `storage`: the public property reads and writes the private `_name` that holds it.
    private func emitStored(_ property: PropertyPlan, in storage: String, writer w: inout SwiftWriter) {
        let bare = property.name.withoutBackticks
        w.declaration("var", property.name, ": \(property.type)") { w in
            w.line("get { _\(bare).wrappedValue }")
            w.line("set { _\(bare).wrappedValue = newValue }")
        }
        w.line("private var _\(bare): \(storage)")
    }

    /// The fields by their names for `dump`, `print` and the debugger's `po`: the private storage
    /// (`_created: FormattedDate<...>`) would show otherwise, and a sensitive field's value.
    private func emitMirror(_ object: ObjectPlan, writer w: inout SwiftWriter) {
        w.type("extension", object.typeName, ": CustomReflectable") { w in
            w.docComment(
                "The fields by their names, as `dump` and the debugger show them"
                    + (object.hasSensitive ? ", with the sensitive ones redacted." : "."))
            w.declaration("var", "customMirror", ": Mirror") { w in
                var children = object.properties.map { property in
                    "\(SwiftLiteral.string(property.name.withoutBackticks)): "
                        + (property.sensitive ? "\"<redacted>\"" : property.name + " as Any")
                }
                if object.additionalProperties != nil {
                    children.append("\"additionalProperties\": additionalProperties")
                }
                let single = "Mirror(self, children: [\(children.joined(separator: ", "))], displayStyle: .struct)"
                if w.fits(single) {
                    w.line(single)
                } else {
                    // One field a line, as swift-format lays out a long dictionary literal.
                    w.line("Mirror(")
                    w.indented { w in
                        w.line("self,")
                        w.line("children: [")
                        w.indented { w in for child in children { w.line(child + ",") } }
                        w.line("],")
                        w.line("displayStyle: .struct)")
                    }
                }
            }
        }
    }

    private func emitInitializer(_ object: ObjectPlan, writer w: inout SwiftWriter) {
        w.docComment("Creates a value.")
        var parameters = object.properties.map { property in
            let label = property.name.withoutBackticks
            let defaultValue = property.defaultValue ?? (property.isOptional ? "nil" : nil)
            return "\(label): \(property.type)" + (defaultValue.map { " = \($0)" } ?? "")
        }
        if let extra = object.additionalProperties {
            parameters.append("additionalProperties: [String: \(extra)] = [:]")
        }
        w.wrappedDeclaration("", "init", parameters, "") { w in
            for property in object.properties {
                let bare = property.name.withoutBackticks
                if property.storage == nil {
                    w.line("self.\(bare) = \(property.name)")
                } else {
                    w.line("self._\(bare) = \(property.stored(property.name))")
                }
            }
            if object.additionalProperties != nil { w.line("self.additionalProperties = additionalProperties") }
        }
    }

    private func emitRedactedDescription(_ object: ObjectPlan, writer w: inout SwiftWriter) {
        w.type("extension", object.typeName, ": CustomStringConvertible, CustomDebugStringConvertible") { w in
            let hidden = object.properties.filter(\.sensitive).map { "`\($0.wireName)`" }.joined(separator: ", ")
            w.docComment("The fields, with \(hidden) redacted, so logging a value never prints a secret.")
            w.declaration("var", "description", ": String") { w in
                let fields = object.properties.map { property in
                    let label = property.name.withoutBackticks
                    return property.sensitive
                        ? "\(label): <redacted>" : "\(label): \\(String(describing: \(property.name)))"
                }
                w.line("\"\(object.typeName)(\(fields.joined(separator: ", ")))\"")
            }
            w.blank()
            w.docComment("The same as ``description``.")
            w.declaration("var", "debugDescription", ": String", " { description }")
        }
    }

    func emit(_ alias: AliasPlan, writer w: inout SwiftWriter) {
        w.docComment(alias.documentation ?? "The `\(alias.keyPath)` alias.")
        w.deprecationNote(alias.deprecation)
        w.uses(alias.usage, publicly: true)
        w.declaration("typealias", alias.typeName, " = \(alias.target)")
    }
}

extension SwiftWriter {
    /// Notes a deprecation in the doc comment, for a declaration the generated code itself must use (a model the
    /// mock's closures name, an enum case its `switch`es name, a property its initializer and coding set), where
    /// `@available` would warn in that code.
    mutating func deprecationNote(_ message: String?) {
        guard let message else { return }
        line("///")
        docComment("- Warning: Deprecated." + (message.isEmpty ? "" : " " + message))
    }

    /// Writes `@available(*, deprecated, ...)` when `message` is set.
    mutating func deprecation(_ message: String?) {
        guard let message else { return }
        line(
            message.isEmpty
                ? "@available(*, deprecated)" : "@available(*, deprecated, message: \(SwiftLiteral.string(message)))")
    }
}
