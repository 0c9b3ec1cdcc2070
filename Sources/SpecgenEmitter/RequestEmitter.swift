import SpecgenSpec

/// Prints one request builder: a pure function from parameters to the runtime's request value, the HTTP request
/// only (what else the call needs is its `OperationContext`, which the client method makes).
struct RequestEmitter {
    func emit(_ operation: OperationPlan, writer w: inout SwiftWriter) {
        w.docComment(operation.documentation)
        w.deprecation(operation.deprecation)
        w.method(
            operation, withDefaults: true, keyword: "static func",
            effects: "throws(ClientError) -> HTTPRequestData"
        ) { w in
            // A `const` field's value, where a parameter would have been.
            for constant in operation.constants {
                w.line("let \(constant.internalName): \(constant.type) = \(constant.constant ?? "")")
            }
            let name = SwiftLiteral.string(operation.qualifiedName)
            if let model = operation.validatedModel {
                // The one check is the model's own: its method is the checks.
                w.wrappedLine("try Validation.check", [name, model + ".validate"], "")
            } else if !operation.validations.isEmpty {
                // Swift 6.3 does not infer a closure's thrown type from its context.
                w.scope("try Validation.check(\(name)) { () throws(ValidationFailure) in") { w in
                    for validation in operation.validations { ValidationEmitter().emit(validation, writer: &w) }
                }
            }
            var arguments = [".\(operation.method)", "path: \(operation.pathLiteral)"]
            if let accept = operation.accept { arguments.append("accept: \(SwiftLiteral.string(accept))") }
            let changesRequest =
                !operation.query.isEmpty || !operation.headers.isEmpty || operation.body != nil
            guard changesRequest else {
                // Nothing to add: a `var` that is never mutated would be a warning.
                w.wrappedLine("return HTTPRequestData", arguments, "")
                return
            }
            w.wrappedLine("var request = HTTPRequestData", arguments, "")
            for item in operation.query {
                emitItems(
                    item, writer: &w,
                    object: { name, value in "request.query.append(contentsOf: QueryItem.deepObject(\(name), \(value)))"
                    },
                    json: { wireName, value in
                        (
                            "try request.query.append",
                            ["QueryItem(\(wireName), JSONCoding.text(\(value), operation: \(name)))"], ""
                        )
                    }
                ) { name, value in "request.query.append(QueryItem(\(name), \(value)))" }
            }
            for header in operation.headers {
                emitOptional(header, writer: &w) { value in
                    "request.setHeader(\(SwiftLiteral.string(header.wireName)), \(text(header, value))"
                        + (header.sensitive ? ", sensitive: true)" : ")")
                }
            }
            if let body = operation.body { emitBody(body, operation: name, writer: &w) }
            w.line("return request")
        }
    }

    private func text(_ parameter: ParameterPlan, _ value: String) -> String {
        (parameter.textForm ?? .string).expression(value)
    }

    /// Writes the items of a query parameter or form field: `append(name, text)` once, per element, or per entry;
    /// an object of text in one `object(name, value)` call, which type-checks in a fraction of a loop's time (a
    /// Stripe form of 20 such objects took 143 ms against a budget of 100).
    private func emitItems(
        _ parameter: ParameterPlan, prefix: String = "", writer w: inout SwiftWriter,
        object: (_ name: String, _ value: String) -> String,
        json: (_ name: String, _ value: String) -> (prefix: String, arguments: [String], suffix: String),
        _ append: (_ name: String, _ text: String) -> String
    ) {
        let name = SwiftLiteral.string(parameter.wireName)
        emitOptional(parameter, prefix: prefix, writer: &w) { w, value in
            switch parameter.items {
            case .single:
                w.line(append(name, text(parameter, value)))
            case .repeated(let form):
                w.block("for item in \(value)") { w in w.line(append(name, form.expression("item"))) }
            case .comma(let form):
                let list = form == .string ? value : "\(value).map { \(form.expression("$0")) }"
                w.line(append(name, "commaSeparated: " + list))
            case .deepObject(.string):
                w.line(object(name, value))
            case .deepObject(let form):
                w.block("for (key, item) in QueryItem.entries(of: \(value))") { w in
                    w.line(append("\"\(parameter.wireName)[\\(key)]\"", form.expression("item")))
                }
            case .json:
                let (prefix, arguments, suffix) = json(name, value)
                w.wrappedLine(prefix, arguments, suffix)
            }
        }
    }

    /// Writes `line(value)` for a required value, or inside `if let` for an optional one.
    private func emitOptional(
        _ parameter: ParameterPlan, prefix: String = "", writer w: inout SwiftWriter, _ line: (String) -> String
    ) {
        emitOptional(parameter, prefix: prefix, writer: &w) { w, value in w.line(line(value)) }
    }

    /// Writes `body(value)` for a required value, or inside `if let` for an optional one.
    private func emitOptional(
        _ parameter: ParameterPlan, prefix: String = "", writer w: inout SwiftWriter,
        _ body: (inout SwiftWriter, String) -> Void
    ) {
        let expression = prefix + parameter.internalName
        if parameter.isOptional {
            w.block("if let value = \(expression)") { w in body(&w, "value") }
        } else {
            body(&w, expression)
        }
    }

    private func emitBody(_ body: BodyPlan, operation: String, writer w: inout SwiftWriter) {
        switch body {
        case .json(let value, let inlineFields):
            if !inlineFields.isEmpty {
                w.block("struct Payload: Encodable") { w in
                    for field in inlineFields {
                        if let dateCoding = field.dateCoding { w.line("@" + dateCoding.wrapper) }
                        w.line("var \(field.name): \(field.type)")
                    }
                    for field in inlineFields {
                        guard let dateCoding = field.dateCoding, let formatType = dateCoding.formatTypeName else {
                            continue
                        }
                        w.block("enum \(formatType): DateFormatSpecifier") { w in
                            w.line("static var format: DateFormat { \(dateCoding.format) }")
                        }
                    }
                    w.blank()
                    ModelEmitter().emitPayloadEncoding(inlineFields, writer: &w)
                }
                let arguments = inlineFields.map { "\($0.name.withoutBackticks): \($0.name)" }
                w.line("let payload = Payload(\(arguments.joined(separator: ", ")))")
            }
            w.line("try request.setJSONBody(\(value), operation: \(operation))")
        case .form(let fields, let prefix):
            w.line(fields.isEmpty ? "let form = FormBody()" : "var form = FormBody()")
            // An optional field is appended under `if let`, not through `Optional.map`, which costs the type
            // checker a search over `append`'s overloads for every field.
            for field in fields {
                emitItems(
                    field, prefix: prefix, writer: &w,
                    object: { name, value in "form.append(\(name), deepObject: \(value))" },
                    json: { wireName, value in
                        ("try form.append", [wireName, "JSONCoding.text(\(value), operation: \(operation))"], "")
                    }
                ) { name, value in "form.append(\(name), \(value))" }
            }
            w.line("request.setFormBody(form)")
        case .multipart(let fields, let prefix):
            w.line("var multipart = MultipartBody()")
            for field in fields {
                let name = SwiftLiteral.string(field.wireName)
                emitOptional(field, prefix: prefix, writer: &w) { value in
                    switch field.partKind {
                    case .text: "multipart.append(\(name), text: \(text(field, value)))"
                    case .json: "try multipart.append(\(name), encoding: \(value), operation: \(operation))"
                    case .file: "multipart.append(\(name), file: \(value))"
                    case .files: "for file in \(value) { multipart.append(\(name), file: file) }"
                    }
                }
            }
            w.line("request.setMultipartBody(multipart)")
        case .binary(let value, let contentType):
            w.line("request.setBody(\(value), contentType: \(SwiftLiteral.string(contentType)))")
        }
    }
}
