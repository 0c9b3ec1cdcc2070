import SpecgenSpec

/// The plans of an operation's pages: where its cursor, offset or link is, and the fields it reads them from.
extension ClientPlanner {
    /// The page helper of a paginated operation; nil when the spec's pagination does not fit (lint reports it).
    func paginationPlan(
        _ pagination: Pagination, of plan: OperationPlan, responseType: TypeRef
    ) -> PaginationPlan? {
        func parameter(_ wireName: String?) -> ParameterPlan? {
            guard let wireName else { return nil }
            return plan.query.first { $0.wireName == wireName }
        }
        guard let element = types.pageItemType(of: responseType, itemsField: pagination.itemsField) else { return nil }
        var items = "$0"
        if let field = pagination.itemsField.flatMap({ name in nestedFields(responseType).first { $0.wireName == name }
        }) {
            items = "$0." + memberName(field) + (field.presence == .required ? "" : " ?? []")
        }
        let limit = parameter(pagination.limitParameter)
        if pagination.limitParameter != nil && limit == nil { return nil }
        let style: PaginationPlan.Style
        var summary: String
        var ends: [String]
        switch pagination.style {
        case .page(let wireName, let first):
            guard let page = parameter(wireName) else { return nil }
            style = .numbered(parameter: page.internalName, first: first)
            summary = "page \(first), then the next, in `\(wireName)`"
            ends = ["on a page of fewer than `\(pagination.limitParameter ?? "")` items"]
        case .offset(let wireName):
            guard let offset = parameter(wireName) else { return nil }
            style = .offsets(parameter: offset.internalName)
            summary = "item offsets in `\(wireName)`"
            ends = ["on a page of fewer than `\(pagination.limitParameter ?? "")` items"]
        case .cursor(let wireName, let path):
            guard let cursor = parameter(wireName), let next = swiftPath(path, in: responseType) else { return nil }
            style = .cursors(parameter: cursor.internalName, nextCursor: next)
            summary = "each page's `\(path.joined(separator: "."))` in `\(wireName)`"
            ends = ["when that is absent", "on an empty page"]
        case .afterItem(let wireName, let itemField):
            guard let after = parameter(wireName), let id = swiftPath([itemField], in: element) else { return nil }
            style = .afterItems(parameter: after.internalName, idProperty: id)
            summary = "the last item's `\(itemField)` in `\(wireName)`"
            ends = ["on an empty page"]
        case .link(let relation):
            style = .links(relation: relation)
            summary = "the `Link` header's `rel=\"\(relation)\"` URL"
            ends = ["when there is none", "on an empty page"]
        }
        var hasMore: String?
        if let path = pagination.hasMoreField {
            guard let expression = swiftPath(path, in: responseType) else { return nil }
            hasMore = expression
            ends.append("when `\(path.joined(separator: "."))` is false")
        }
        summary +=
            "; the walk ends " + ends.dropLast().joined(separator: ", ")
            + (ends.count > 1 ? " or " : "") + (ends.last ?? "")
        return PaginationPlan(
            methodName: plan.bareName + "Pages", style: style, limitParameter: limit?.internalName,
            limitIsOptional: limit?.isOptional ?? false, items: items, hasMore: hasMore,
            pageType: swiftType(responseType), itemType: swiftType(element), summary: summary)
    }

    /// `$0.meta?.nextCursor`: a dotted field path as a Swift expression on `$0`, optional chaining after optional
    /// fields; nil when the path does not resolve.
    func swiftPath(_ path: [String], in type: TypeRef) -> String? {
        guard case .success(let fields) = types.fieldPath(path, in: type) else { return nil }
        return swiftPath(fields)
    }

    /// `$0.a?.b`: the fields a path walks through as a Swift expression on `$0`.
    func swiftPath(_ fields: [Field]) -> String {
        var expression = "$0"
        var chained = false
        for field in fields {
            expression += (chained ? "?." : ".") + memberName(field)
            chained = field.presence != .required
        }
        return expression
    }

    /// The properties of an object model (through aliases), or none.
    func nestedFields(_ type: TypeRef) -> [Field] {
        if case .object(let model) = types.shape(of: type) { return model.fields }
        return []
    }

    /// A model property used as a form field or multipart part of a model body.
    func modelParameter(_ field: Field) -> ParameterPlan {
        let base = swiftType(field.type)
        return ParameterPlan(
            label: memberName(field), internalName: memberName(field), wireName: field.wireName,
            type: fieldType(base, field.presence), defaultValue: nil, isOptional: field.presence != .required,
            documentation: nil, textForm: textForm(field.type, format: field.format),
            partKind: types.partKind(field.type),
            isBody: false, usage: usage(of: field.type, presence: field.presence), items: items(field))
    }
}
