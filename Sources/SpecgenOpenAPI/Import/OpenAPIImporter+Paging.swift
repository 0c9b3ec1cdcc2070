import SpecgenSpec
import SpecgenYAML

/// Paging: the walk an operation's parameters, response and `Link` header show.
extension ImportRun {
    /// `x-specgen-paginate` as written, or a walk the parameters and response show: Stripe's `starting_after` and
    /// `has_more`, a cursor the response hands back, or page and offset numbers.
    func pagination(_ operation: DocNode, query: SpecMap, responses: SpecText) -> (value: SpecText, comment: String?)? {
        if let written = operation["x-specgen-paginate"] { return (written.value, nil) }
        let responseType: String?
        switch responses {
        case .string(let type): responseType = type
        case .map(let entries) where entries.count == 1: responseType = Self.typeText(entries[0].value)
        default: responseType = nil
        }
        guard let responseType else { return nil }
        func queryType(_ name: String) -> String? { query[name].flatMap { Self.typeText($0) } }
        // A success that declares a `Link` header hands the next page's URL there (GitHub's style, RFC 8288).
        let successes = (operation["responses"]?.entries ?? []).filter { $0.key.hasPrefix("2") }
        if successes.contains(where: { success in
            let headers = resolved(success.value, warning: false)?["headers"]?.entries ?? []
            return headers.contains { $0.key.lowercased() == "link" }
        }) {
            var map = SpecMap()
            map["link"] = "next"
            if case .object(let fields, _)? = shapes[responseType] {
                let arrays = fields.filter { if case .array = $0.type { true } else { false } }
                if arrays.count == 1 { map["items"] = .string(arrays[0].wireName) }
            }
            return (map.text, "recognised from the Link header")
        }
        let limit = ["limit", "per_page", "page_size", "pageSize", "size", "count"].first {
            queryType($0)?.hasPrefix("int") == true
        }
        // A page or offset the caller may leave out (optional, or with a default such as `page: 1`) is a step.
        func isStep(_ name: String) -> Bool {
            guard queryType(name)?.hasPrefix("int") == true, let text = query[name] else { return false }
            return Self.isOptional(text) || Self.longForm(text)["default"] != nil
        }
        if responseType.hasPrefix("["), let limit {
            var map = SpecMap()
            if let page = ["page", "page_number"].first(where: { queryType($0)?.hasPrefix("int") == true }) {
                map["page"] = .string(page)
                map["limit"] = .string(limit)
                return (map.text, "recognised from the page and \(limit) parameters")
            }
            if isStep("offset") {
                map["offset"] = "offset"
                map["limit"] = .string(limit)
                return (map.text, "recognised from the offset and \(limit) parameters")
            }
        }
        guard case .object(let fields, _)? = shapes[responseType] else { return nil }
        let arrays = fields.filter { if case .array = $0.type { true } else { false } }
        guard arrays.count == 1, let items = arrays.first, case .array(let element) = items.type else { return nil }
        func field(_ names: [String], type: (TypeRef) -> Bool) -> ImportedField? {
            for name in names {
                if let field = fields.first(where: { $0.wireName == name && type($0.type) }) { return field }
            }
            return nil
        }
        var map = SpecMap()
        // The walk after the last item needs items that are structs with a required `id`.
        let itemsHaveIDs: Bool =
            if let element = element.name, case .object(let itemFields, _)? = shapes[element] {
                itemFields.contains { $0.wireName == "id" && !$0.optional }
            } else { false }
        if itemsHaveIDs, Self.isOptional(query["starting_after"]),
            let hasMore = field(["has_more"], type: { $0 == .primitive(.bool) })
        {
            map["after"] = "starting_after"
            map["limit"] = limit.map(SpecText.string)
            map["items"] = .string(items.wireName)
            map["hasMore"] = .string(hasMore.wireName)
            return (map.text, "recognised from starting_after and has_more")
        }
        let cursorNames = [
            "cursor", "page_token", "pageToken", "next_token", "continuation_token", "after", "starting_after",
        ]
        if let cursor = cursorNames.first(where: { query[$0] != nil && Self.isOptional(query[$0]) }),
            let next = field(
                ["next_cursor", "nextCursor", "next_page_token", "nextPageToken", "next_token", "cursor", "next"],
                type: { $0.description == queryType(cursor) })
        {
            map["cursor"] = .string(cursor)
            map["nextCursor"] = .string(next.wireName)
            map["limit"] = limit.map(SpecText.string)
            map["items"] = .string(items.wireName)
            return (map.text, "recognised from the \(cursor) parameter and the \(next.wireName) field")
        }
        if let page = ["page", "page_number"].first(where: isStep), let limit {
            map["page"] = .string(page)
            map["limit"] = .string(limit)
            map["items"] = .string(items.wireName)
            return (map.text, "recognised from the \(page) and \(limit) parameters")
        }
        if isStep("offset"), let limit {
            map["offset"] = "offset"
            map["limit"] = .string(limit)
            map["items"] = .string(items.wireName)
            return (map.text, "recognised from the offset and \(limit) parameters")
        }
        return nil
    }
}
