import SpecgenSpec

/// Forward-compatible enums and unions.
extension ModelEmitter {
    func emit(_ enumeration: EnumPlan, writer w: inout SwiftWriter) {
        let name = enumeration.typeName
        let literal = { (raw: String) in enumeration.rawType == "Int" ? raw : SwiftLiteral.string(raw) }
        w.docComment(enumeration.documentation ?? "The `\(enumeration.keyPath)` enum.")
        w.deprecationNote(enumeration.deprecation)
        w.type("enum", name, ": RawRepresentable, Codable, Hashable, Sendable, CaseIterable") { w in
            for enumCase in enumeration.cases {
                w.docComment(enumCase.documentation)
                w.deprecationNote(enumCase.deprecation)
                w.declaration("case", enumCase.name)
            }
            w.docComment("A value this version of the client does not know, kept exactly as the server sent it.")
            w.declaration("case", "undocumented", "(\(enumeration.rawType))")
            w.blank()
            // Named, not inferred: inferring it, and with it the witnesses of `Codable` among the standard library's
            // `RawRepresentable` extensions, cost the type checker about 20 ms at an enum's first use.
            w.docComment("The type of the wire form.")
            w.declaration("typealias", "RawValue", " = \(enumeration.rawType)")
            w.blank()
            w.docComment("The documented cases.")
            w.declaration(
                "static let", "allCases", ": [\(name)]",
                " = [\(enumeration.cases.map { "." + $0.name.withoutBackticks }.joined(separator: ", "))]")
            w.blank()
            w.docComment("Creates a value from its wire form; an unknown one becomes `undocumented`.")
            w.declaration("", "init", "(rawValue: \(enumeration.rawType))") { w in
                guard enumeration.cases.count <= Self.switchedValuesLimit else {
                    w.line("self = DocumentedCases.byWireForm[rawValue] ?? .undocumented(rawValue)")
                    return
                }
                w.switchBlock("rawValue") { w in
                    for enumCase in enumeration.cases {
                        w.caseLine(literal(enumCase.rawValue), "self = .\(enumCase.name.withoutBackticks)")
                    }
                    w.line("default: self = .undocumented(rawValue)")
                }
            }
            if enumeration.cases.count > Self.switchedValuesLimit {
                w.uses(.runtime, publicly: false)
                w.blank()
                w.docComment("The documented cases by their wire forms, built once.")
                w.block("private enum DocumentedCases") { w in
                    w.wrappedLine(
                        "static let byWireForm = Dictionary",
                        ["\(name).allCases.map { (WireForm.of($0), $0) }", "uniquingKeysWith: { first, _ in first }"],
                        "")
                }
            }
            w.blank()
            w.docComment("The wire form.")
            w.declaration("var", "rawValue", ": \(enumeration.rawType)") { w in
                // Statements, not a switch expression: the type checker solves an expression's branches together,
                // which took Stripe's 300 merchant categories 100 ms against 5 ms.
                w.switchBlock("self") { w in
                    for enumCase in enumeration.cases {
                        w.caseLine(".\(enumCase.name.withoutBackticks)", "return \(literal(enumCase.rawValue))")
                    }
                    w.line("case .undocumented(let rawValue): return rawValue")
                }
            }
        }
    }

    /// The most cases an enum's `init(rawValue:)` matches with a `switch`: each literal pattern costs the type
    /// checker about 0.3 ms (Xero's 250 country codes took 68 ms), so a larger enum looks its values up in a table.
    static let switchedValuesLimit = 64

    // MARK: - Unions

    /// `validate()` for a union some of whose variants have constraints: it checks the variant the value holds.
    private func emitValidation(_ union: UnionPlan, writer w: inout SwiftWriter) {
        let checked = union.cases.filter { $0.validation != nil }
        guard !checked.isEmpty else { return }
        emitValidate("Checks the constraints of the variant it holds", writer: &w) { w in
            w.switchBlock("self") { w in
                for variant in checked {
                    let pattern = ".\(variant.name.withoutBackticks)(let value)"
                    switch variant.validation {
                    case .eachNested(let isMap)?:
                        w.caseLine(pattern, "for item in value\(isMap ? ".values" : "") { try item.validate() }")
                    default:
                        w.caseLine(pattern, "try value.validate()")
                    }
                }
                w.line("default: break")
            }
        }
    }

    /// `public func validate() throws(ValidationFailure) { ... }` in the type's body, documented as `summary`.
    func emitValidate(_ summary: String, writer w: inout SwiftWriter, body: (inout SwiftWriter) -> Void) {
        w.blank()
        w.uses(.runtime, publicly: true)
        w.docComment(summary + "; request builders call it before sending.")
        w.declaration("func", "validate", "() throws(ValidationFailure)", body: body)
    }

    func emit(_ union: UnionPlan, writer w: inout SwiftWriter) {
        let how =
            union.discriminator.map { "Its `\($0)` property names the variant." }
            ?? "A value decodes as the first variant that fits, in this order."
        w.docComment((union.documentation ?? "The `\(union.keyPath)` union.") + "\n\n" + how)
        w.deprecationNote(union.deprecation)
        w.uses(union.usage, publicly: true)
        w.type("enum", union.typeName, ": Codable, Hashable, Sendable", modifier: union.isIndirect ? "indirect " : "") {
            w in
            for variant in union.cases {
                let tags = variant.tags.map { "`\($0)`" }.joined(separator: " or ")
                w.docComment(variant.documentation ?? (tags.isEmpty ? "A `\(variant.specType)`." : tags + "."))
                w.declaration(
                    "case", variant.name, "(\(variant.type))", modifier: variant.isIndirect ? "indirect " : "")
            }
            w.docComment("A variant this version of the client does not know, kept exactly as the server sent it.")
            w.declaration("case", "undocumented", "(UndocumentedVariant)")
            w.blank()
            w.docComment("Decodes the variant the value is.")
            w.declaration("", "init", "(from decoder: any Decoder) throws") { w in
                if let discriminator = union.discriminator {
                    let key = SwiftLiteral.string(discriminator)
                    w.line("let tag = UnionDecoding.tag(\(key), in: decoder)")
                    w.switchBlock("tag") { w in
                        for variant in union.cases {
                            w.caseLine(
                                variant.tags.map(SwiftLiteral.string).joined(separator: ", "),
                                "self = .\(variant.name.withoutBackticks)(try \(variant.type)(from: decoder))")
                        }
                        w.line("default:")
                        w.indented {
                            $0.line(
                                "self = .undocumented(try UnionDecoding.undocumented(tag: tag, key: \(key), in: decoder))"
                            )
                        }
                    }
                } else {
                    w.line("var decoding = UnionDecoding(decoder)")
                    for variant in union.cases {
                        var arguments = ["\(variant.type).self", SwiftLiteral.string(variant.specType)]
                        if !variant.constants.isEmpty {
                            let pairs = variant.constants.map {
                                "\(SwiftLiteral.string($0[0])): \(SwiftLiteral.string($0[1]))"
                            }
                            arguments.append("constants: [\(pairs.joined(separator: ", "))]")
                        }
                        w.wrappedBlock("if let value = decoding.attempt", arguments, "") { w in
                            w.line("self = .\(variant.name.withoutBackticks)(value)")
                            w.line("return")
                        }
                    }
                    w.line("self = .undocumented(try decoding.undocumented())")
                }
            }
            w.blank()
            w.docComment("Encodes the variant" + (union.discriminator.map { " with its `\($0)`." } ?? "."))
            w.declaration("func", "encode", "(to encoder: any Encoder) throws") { w in
                w.switchBlock("self") { w in
                    for variant in union.cases {
                        // A case of several tags keeps the one its value holds.
                        let tag =
                            variant.tags.count == 1
                            ? ", tag: \(SwiftLiteral.string(variant.tags[0])), key: "
                                + SwiftLiteral.string(union.discriminator ?? "") : ""
                        w.caseLine(
                            ".\(variant.name.withoutBackticks)(let value)",
                            "try UnionDecoding.encode(value\(tag), to: encoder)")
                    }
                    w.line("case .undocumented(let value): try value.encode(to: encoder)")
                }
            }
            emitValidation(union, writer: &w)
        }
    }
}
