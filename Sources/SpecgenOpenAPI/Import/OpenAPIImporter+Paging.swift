import SpecgenSpec
import SpecgenYAML

/// Paging: the walk an endpoint's parameters, answer and `Link` header show, decided on the spec's value.
extension ImportRun {
    /// Whether a success of the operation declares a `Link` header (GitHub's style, RFC 8288).
    static func declaresLinkHeader(_ operation: DocumentOperation) -> Bool {
        operation.responses.contains { success in
            success.isSuccess && (success.node["headers"]?.entries ?? []).contains { $0.key.lowercased() == "link" }
        }
    }

    /// The walk an endpoint's query parameters and only answer show, with what showed it: the next page's URL in a
    /// `Link` header, Stripe's `starting_after` and `has_more`, a cursor the answer hands back, or page and offset
    /// numbers. Nil when the endpoint does not page, as far as its spec shows.
    func pagination(of endpoint: Endpoint, in spec: Spec) -> (Pagination, reason: String)? {
        guard endpoint.responses.count == 1, case .json(let responseType)? = endpoint.responses.first?.body else {
            return nil
        }
        func query(_ name: String) -> Field? { endpoint.queryParameters.first { $0.wireName == name } }
        func isInteger(_ name: String) -> Bool {
            switch query(name)?.type {
            case .primitive(.int)?, .primitive(.int32)?, .primitive(.int64)?: true
            default: false
            }
        }
        // A page or offset the caller may leave out (optional, or with a default such as `page: 1`) is a step.
        func isStep(_ name: String) -> Bool {
            guard isInteger(name), let parameter = query(name) else { return false }
            return parameter.presence != .required || parameter.defaultValue != nil
        }
        func isOptional(_ name: String) -> Bool { query(name).map { $0.presence != .required } ?? false }
        func paged(
            _ style: Pagination.Style, limit: String? = nil, items: String? = nil, hasMore: String? = nil
        )
            -> Pagination
        {
            Pagination(
                style: style, limitParameter: limit, itemsField: items, hasMoreField: hasMore.map(Self.path),
                location: endpoint.location)
        }
        let fields =
            responseType.name.flatMap { spec.model(named: $0) }.map { model -> [Field]? in
                if case .object(let fields) = model.kind { return fields }
                return nil
            } ?? nil
        let arrays = (fields ?? []).filter(\.type.isArray)
        if notes.linkHeaders.contains(endpoint.name) {
            return (
                paged(.link(relation: "next"), items: arrays.count == 1 ? arrays[0].wireName : nil),
                "recognised from the Link header"
            )
        }
        let limit = ["limit", "per_page", "page_size", "pageSize", "size", "count"].first(where: isInteger)
        if responseType.isArray, let limit {
            if let page = ["page", "page_number"].first(where: isInteger) {
                return (
                    paged(.page(parameter: page, firstPage: 1), limit: limit),
                    "recognised from the page and \(limit) parameters"
                )
            }
            if isStep("offset") {
                return (
                    paged(.offset(parameter: "offset"), limit: limit),
                    "recognised from the offset and \(limit) parameters"
                )
            }
        }
        guard let fields, arrays.count == 1, let items = arrays.first, case .array(let element) = items.type else {
            return nil
        }
        func field(_ names: [String], type: (TypeRef) -> Bool) -> Field? {
            for name in names {
                if let field = fields.first(where: { $0.wireName == name && type($0.type) }) { return field }
            }
            return nil
        }
        // The walk after the last item needs items that are structs with a required `id`.
        let itemsHaveIDs =
            element.name.flatMap { spec.model(named: $0) }?.fields.contains {
                $0.wireName == "id" && $0.presence == .required
            } ?? false
        if itemsHaveIDs, isOptional("starting_after"),
            let hasMore = field(["has_more"], type: { $0 == .primitive(.bool) })
        {
            return (
                paged(
                    .afterItem(parameter: "starting_after", itemField: "id"), limit: limit, items: items.wireName,
                    hasMore: hasMore.wireName),
                "recognised from starting_after and has_more"
            )
        }
        let cursorNames = [
            "cursor", "page_token", "pageToken", "next_token", "continuation_token", "after", "starting_after",
        ]
        if let cursor = cursorNames.first(where: isOptional), let cursorType = query(cursor)?.type,
            let next = field(
                ["next_cursor", "nextCursor", "next_page_token", "nextPageToken", "next_token", "cursor", "next"],
                type: { $0 == cursorType })
        {
            return (
                paged(
                    .cursor(parameter: cursor, responseField: Self.path(next.wireName)), limit: limit,
                    items: items.wireName),
                "recognised from the \(cursor) parameter and the \(next.wireName) field"
            )
        }
        if let page = ["page", "page_number"].first(where: isStep), let limit {
            return (
                paged(.page(parameter: page, firstPage: 1), limit: limit, items: items.wireName),
                "recognised from the \(page) and \(limit) parameters"
            )
        }
        if isStep("offset"), let limit {
            return (
                paged(.offset(parameter: "offset"), limit: limit, items: items.wireName),
                "recognised from the offset and \(limit) parameters"
            )
        }
        return nil
    }

    /// A response field named in paging as the spec reads it: a dotted name is a path into nested objects.
    private static func path(_ name: String) -> [String] { name.split(separator: ".").map(String.init) }

    /// Paging and polling lint would refuse, asked of SpecgenSpec once the spec is whole, are left out: the export's
    /// (`x-specgen-paginate`, `x-specgen-poll`) with an `extension-value` warning that says why, a walk recognised
    /// here without one (it was never the document's word).
    func leaveOutRefusedPaging(_ spec: inout Spec, comments: inout [String: String]) {
        let refused = SpecLinter().pagingErrors(spec)
        guard !refused.isEmpty else { return }
        for index in spec.endpoints.indices {
            let name = spec.endpoints[index].name
            guard let errors = refused[name] else { continue }
            if !errors.pagination.isEmpty {
                spec.endpoints[index].pagination = nil
                comments["endpoints.\(name).paginate"] = nil
                if let location = places.extensionPaging[name] {
                    warn(
                        .extensionValue, at: location,
                        "'x-specgen-paginate' does not fit the operation: left out ("
                            + errors.pagination.map(\.message).joined(separator: "; ") + ")")
                }
            }
            if !errors.polling.isEmpty {
                spec.endpoints[index].polling = nil
                if let location = places.extensionPolling[name] {
                    warn(
                        .extensionValue, at: location,
                        "'x-specgen-poll' does not fit the operation: left out ("
                            + errors.polling.map(\.message).joined(separator: "; ") + ")")
                }
            }
        }
    }
}
