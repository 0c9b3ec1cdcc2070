/// Lint's checks of pagination and polling.
extension LintRun {
    mutating func checkPagination(_ pagination: Pagination, endpoint: Endpoint, keyPath: String) {
        let style = pagination.style
        var integers = [pagination.limitParameter].compactMap { $0 }
        switch style {
        case .page(let parameter, _), .offset(let parameter): integers.insert(parameter, at: 0)
        default: break
        }
        var checked: Set<String> = []
        for name in [style.parameter].compactMap({ $0 }) + integers where checked.insert(name).inserted {
            guard let field = endpoint.queryParameters.first(where: { $0.wireName == name }) else {
                error(
                    .paging,
                    pagination.location,
                    "pagination at '\(keyPath)' names query parameter '\(name)', which '\(endpoint.name)' does not declare",
                    fix: "add '\(name): \(integers.contains(name) ? "int" : "string")?' under 'query:'")
                continue
            }
            if integers.contains(name) {
                guard case .primitive(let primitive) = shape(of: field.type),
                    [.int, .int32, .int64].contains(primitive)
                else {
                    error(.paging, field.typeLocation, "pagination parameter '\(name)' must be an integer")
                    continue
                }
            } else if ![.primitive(.string), .primitive(.int), .primitive(.int32), .primitive(.int64)].contains(
                types.resolved(field.type).type)
            {
                error(.paging, field.typeLocation, "pagination parameter '\(name)' must be a string or an integer")
            } else if field.presence == .required {
                error(
                    .paging,
                    field.typeLocation,
                    "'\(style.key)' pagination parameter '\(name)' is required, but the first page is asked for without it",
                    fix: "declare it optional: '\(name): \(field.type)?'")
            }
        }
        guard let body = endpoint.jsonResponseType else {
            error(.paging, pagination.location, "pagination at '\(keyPath)' needs a JSON response")
            return
        }
        let item: TypeRef
        if let items = pagination.itemsField {
            guard case .object(let model) = shape(of: body) else {
                error(
                    .paging, pagination.location, "pagination 'items: \(items)' needs a model response, not '\(body)'")
                return
            }
            guard let field = model.fields.first(where: { $0.wireName == items }) else {
                error(
                    .paging,
                    pagination.location, "model '\(model.name)' has no field '\(items)' for the pagination items",
                    fix: Suggestions.closest(to: items, in: model.fields.map(\.wireName)).map {
                        "did you mean '\($0)'?"
                    })
                return
            }
            guard case .array(let element) = shape(of: field.type) else {
                error(
                    .paging,
                    pagination.location,
                    "pagination items '\(items)' of '\(model.name)' must be an array, not '\(field.type)'")
                return
            }
            item = element
        } else if case .array(let element) = shape(of: body) {
            item = element
        } else {
            error(
                .paging, pagination.location, "pagination at '\(keyPath)' needs 'items:' naming the array in '\(body)'")
            return
        }
        if let hasMore = pagination.hasMoreField {
            checkPaginationField(hasMore, in: body, key: "hasMore", keyPath: keyPath, at: pagination.location) {
                $0 == .primitive(.bool) ? nil : "a bool"
            }
        }
        let types = types
        // The value read from the response goes back into the parameter, so both have one type.
        let stepType = style.parameter.flatMap { name in endpoint.queryParameters.first { $0.wireName == name } }
            .map { types.resolved($0.type).type }
        let matchesStep: (TypeRef) -> String? = { found in
            guard let stepType, found != stepType else { return nil }
            return "'\(stepType)' (the type of parameter '\(style.parameter ?? "")')"
        }
        switch style {
        case .cursor(_, let next):
            checkPaginationField(next, in: body, key: "nextCursor", keyPath: keyPath, at: pagination.location) {
                matchesStep($0)
            }
        case .afterItem(_, let itemField):
            guard case .object(let model) = shape(of: item) else {
                error(
                    .paging,
                    pagination.location, "'after' pagination at '\(keyPath)' needs items that are models, not '\(item)'"
                )
                return
            }
            checkPaginationField(
                [itemField], in: .named(model.name), key: "itemId", keyPath: keyPath,
                at: pagination.location
            ) {
                matchesStep($0)
            }
            if case .object(let fields) = model.kind,
                let field = fields.first(where: { $0.wireName == itemField }), field.presence != .required
            {
                error(
                    .paging,
                    field.typeLocation,
                    "'\(itemField)' of '\(model.name)' is optional, but 'after' pagination at '\(keyPath)' needs it on every item",
                    fix: "make it required: '\(itemField): \(field.type)'")
            }
        case .page, .offset, .link:
            break
        }
    }

    /// Checks that `path` leads through `type` to a field `expectation` accepts (it returns what it wanted, or nil).
    private mutating func checkPaginationField(
        _ path: [String], in type: TypeRef, key: String, keyPath: String, at location: SourceLocation,
        _ expectation: (TypeRef) -> String?
    ) {
        switch types.fieldPath(path, in: type) {
        case .failure(let problem):
            error(
                .paging,
                location, "pagination '\(key): \(path.joined(separator: "."))' at '\(keyPath)' \(problem.message)",
                fix: problem.fix)
        case .success(let fields):
            guard let last = fields.last, let wanted = expectation(types.resolved(last.type).type) else { return }
            error(
                .paging,
                location,
                "pagination '\(key): \(path.joined(separator: "."))' at '\(keyPath)' must be \(wanted), not '\(last.type)'"
            )
        }
    }

    mutating func checkPolling(_ polling: Polling, endpoint: Endpoint, keyPath: String) {
        guard let body = endpoint.jsonResponseType else {
            error(.polling, polling.location, "polling at '\(keyPath)' needs a JSON response")
            return
        }
        let fields: [Field]
        switch types.fieldPath(polling.field, in: body) {
        case .failure(let problem):
            error(
                .polling,
                polling.location,
                "polling field '\(polling.field.joined(separator: "."))' at '\(keyPath)' \(problem.message)",
                fix: problem.fix)
            return
        case .success(let path):
            fields = path
        }
        if let optional = fields.first(where: { $0.presence != .required }) {
            error(
                .polling,
                polling.location,
                "polling field segment '\(optional.wireName)' at '\(keyPath)' is optional; polling needs a value every time"
            )
            return
        }
        let current = fields.last?.type ?? body
        switch shape(of: current) {
        case .enumeration(let model, let values):
            for value in polling.success + polling.failure where !values.contains(where: { $0.value == value }) {
                error(
                    .polling,
                    polling.location, "'\(value)' at '\(keyPath)' is not a value of enum '\(model.name)'",
                    fix: Suggestions.closest(to: value, in: values.map(\.value)).map { "did you mean '\($0)'?" })
            }
        case .primitive(.string):
            break
        default:
            error(
                .polling, polling.location, "polling field at '\(keyPath)' must be an enum or string, not '\(current)'")
        }
    }
}
