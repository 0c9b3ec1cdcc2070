import Foundation
import SpecgenSpec
import SpecgenWire

/// Serves a paginated endpoint as a real server would: a collection of ``MockPages/collectionSize`` synthesized
/// items with distinct identifiers, sliced by the request's page, offset, cursor, last item or link, with the
/// next cursor, `has_more` flag or `Link` header the spec declares. Cursors are opaque (`cur_3`); one the mock did
/// not issue, like an empty one, is the first page, since the document allows any string.
struct MockPages {
    /// How many items every paginated collection holds: more than two pages at the usual small limits.
    static let collectionSize = 7
    /// The page size when the request names none and the spec gives no default.
    static let defaultLimit = 3
    /// The query parameter of the mock's own `Link` URLs; the judge accepts it on link-paginated endpoints.
    static let linkParameter = RequestJudge.pageLinkParameter

    let types: TypeResolver
    let synthesizer: Synthesizer

    /// Why a page cannot be served.
    struct Rejection: Error {
        var field: String
        var message: String
    }

    /// The page for `query`: the response body, over `base` (the endpoint's synthesized answer of `responseType`),
    /// and extra headers. `declaredQuery` gives the limit parameter's default; `stored` are the stateful mock's
    /// items, which replace the synthesized collection.
    func page(
        of responseType: TypeRef, _ pagination: Pagination, query: String, path: String, base: SpecValue,
        declaredQuery: [Field], items stored: [SpecValue]? = nil
    ) throws(Rejection) -> (body: SpecValue, headers: [(name: String, value: String)]) {
        guard let itemType = types.pageItemType(of: responseType, itemsField: pagination.itemsField) else {
            return (base, [])
        }
        let values = FormPairs(query, plusIsSpace: false)
        func parameter(_ name: String?) -> String? { name.flatMap { values.values($0).first } }
        func integer(_ name: String) throws(Rejection) -> Int {
            guard let text = parameter(name) else { return 0 }
            guard let number = Int(text) else {
                throw Rejection(field: "query.\(name)", message: "'\(text)' is not a page this mock serves")
            }
            return number
        }
        var limit = Self.defaultLimit
        if let name = pagination.limitParameter {
            let declared = declaredQuery.first { $0.wireName == name }?.defaultValue
            if case .int(let number)? = declared { limit = number }
            if let text = parameter(name), let number = Int(text) { limit = number }
        }
        // Past the collection every page is empty, so clamping keeps the arithmetic small whatever a client sends.
        limit = min(max(1, limit), Self.collectionSize + 1)
        let identifier: String
        if case .afterItem(_, let field) = pagination.style { identifier = field } else { identifier = "id" }
        // One item, numbered: the items differ only in their identifier.
        let item = synthesizer.value(for: itemType)
        let items =
            stored
            ?? (1...Self.collectionSize).map { index in
                identified(item, index: index, field: identifier, itemType: itemType)
            }

        var start = 0
        switch pagination.style {
        case .page(let name, let first):
            // A page before the first, like one past the last, is empty: no page has that number.
            let (index, overflow) = try integer(name).subtractingReportingOverflow(first)
            start = (overflow || index < 0 ? items.count : min(index, items.count)) * limit
        case .offset(let name):
            let offset = try integer(name)
            start = offset < 0 ? items.count : offset
        case .cursor(let name, _):
            // The document allows any string: one the mock did not issue (or an empty one) is the first page.
            if let cursor = parameter(name), cursor.hasPrefix("cur_"), let offset = Int(cursor.dropFirst(4)),
                (0...items.count).contains(offset)
            {
                start = offset
            }
        case .afterItem(let name, let field):
            if let after = parameter(name) {
                guard let index = items.firstIndex(where: { Self.text(of: $0, field) == after }) else {
                    throw Rejection(field: "query.\(name)", message: "no item has \(field) '\(after)'")
                }
                start = index + 1
            }
        case .link:
            start = max(0, try integer(Self.linkParameter))
        }
        start = min(start, items.count)
        let end = min(start + limit, items.count)
        let more = end < items.count
        var body = base
        let slice = SpecValue.array(Array(items[start..<end]))
        if let field = pagination.itemsField { body = body.setting([field], to: slice) } else { body = slice }
        if let hasMore = pagination.hasMoreField { body = body.setting(hasMore, to: .bool(more)) }
        var headers: [(name: String, value: String)] = []
        switch pagination.style {
        case .cursor(_, let next):
            body = body.setting(next, to: more ? .string("cur_\(end)") : .null)
        case .link(let relation) where more:
            let kept = values.pairs.filter { $0.name != Self.linkParameter }.map {
                "\(Self.encode($0.name))=\(Self.encode($0.value))"
            }
            let query = (kept + ["\(Self.linkParameter)=\(end)"]).joined(separator: "&")
            headers.append(("Link", "<\(path)?\(query)>; rel=\"\(relation)\""))
        default:
            break
        }
        return (body, headers)
    }

    /// An item with a distinct identifier in `field`: `customer_3` for a string, `3` for an integer.
    func identified(_ item: SpecValue, index: Int, field: String, itemType: TypeRef) -> SpecValue {
        guard case .success(let fields) = types.fieldPath([field], in: itemType), let last = fields.last else {
            return item
        }
        switch types.resolved(last.type).type {
        case .primitive(.int), .primitive(.int32), .primitive(.int64):
            return item.setting([field], to: .int(index))
        case .primitive(.string):
            let prefix = itemType.description.lowercased()
            // An identifier with a pattern takes the pattern's `index`th string, so it still meets it.
            let constraints = [last.constraints] + types.resolved(last.type).constraints
            if let pattern = constraints.lazy.compactMap(\.pattern).first {
                let lengths = constraints.first { $0.pattern == pattern } ?? last.constraints
                if let text = PatternSampler.sample(
                    pattern, minLength: lengths.minLength, maxLength: lengths.maxLength, variant: index)
                {
                    return item.setting([field], to: .string(text))
                }
                return item
            }
            return item.setting([field], to: .string("\(prefix)_\(index)"))
        default:
            return item
        }
    }

    /// A scalar field of an object value as query text.
    static func text(of value: SpecValue, _ field: String) -> String? {
        guard case .object(let entries) = value, let entry = entries.first(where: { $0.key == field }) else {
            return nil
        }
        switch entry.value {
        case .string(let text): return text
        case .int(let number): return String(number)
        default: return nil
        }
    }

    private static func encode(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

extension SpecValue {
    /// The value with the member at `path` set, creating objects on the way.
    func setting(_ path: [String], to newValue: SpecValue) -> SpecValue {
        guard let key = path.first else { return newValue }
        var entries: [SpecValueEntry] = []
        if case .object(let existing) = self { entries = existing }
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].value = entries[index].value.setting(Array(path.dropFirst()), to: newValue)
        } else {
            entries.append(
                SpecValueEntry(key: key, value: SpecValue.null.setting(Array(path.dropFirst()), to: newValue)))
        }
        return .object(entries)
    }
}
