import Foundation
import SpecgenSpec
import SpecgenWire
import Synchronization

/// The resources a spec's paths imply, which the stateful mock keeps: a collection path (`/todos`) whose `POST`
/// creates an item and whose `GET` lists them, and its item path (`/todos/{id}`) whose `GET` reads, `PUT` and
/// `PATCH` update and `DELETE` removes one. An item is a JSON object with an identifier field: the item path's
/// parameter name when the item has that field, else `id`.
struct MockResources {
    /// One collection and its item path, as templates.
    struct Collection: Hashable {
        var path: String
        var itemPath: String
        var itemType: TypeRef
        var idField: String
    }

    /// What an endpoint does to a resource.
    enum Role {
        case create(Collection)
        case list(Collection)
        case item(Collection)
    }

    private var roles: [String: Role] = [:]
    /// The items the store starts with: each whole example of an item path's read, under its collection, where
    /// the collection's path has no parameters.
    private(set) var seeds: [(path: String, item: SpecValue)] = []

    init(spec: Spec, types: TypeResolver) {
        for reader in spec.endpoints where reader.method == .get {
            guard let slash = reader.path.lastIndex(of: "/"), reader.path.hasSuffix("}"),
                let parameter = reader.pathParameters.last,
                reader.path[slash...] == "/{\(parameter.wireName)}",
                let response = reader.responses.first(where: { $0.status.isSuccess }),
                case .json(let itemType) = response.body,
                case .object(let model) = types.shape(of: itemType), case .object(let fields) = model.kind
            else { continue }
            let collectionPath = String(reader.path[..<slash])
            let names = Set(fields.map(\.wireName))
            let idField = names.contains(parameter.wireName) ? parameter.wireName : "id"
            guard names.contains(idField), !collectionPath.isEmpty else { continue }
            let collection = Collection(
                path: collectionPath, itemPath: reader.path, itemType: itemType, idField: idField)
            if !collectionPath.contains("{") {
                let check = ServerValueCheck(spec: spec, types: types)
                for example in [response.example].compactMap(\.self) + response.examples.map(\.value)
                where check.problems(in: example, as: itemType).isEmpty {
                    guard let id = MockPages.text(of: example, idField) else { continue }
                    let path = collectionPath + "/" + id
                    if !seeds.contains(where: { $0.path == path }) { seeds.append((path, example)) }
                }
            }
            for endpoint in spec.endpoints {
                switch (endpoint.path, endpoint.method) {
                case (collection.path, .post): roles[endpoint.name] = .create(collection)
                case (collection.path, .get): roles[endpoint.name] = .list(collection)
                case (collection.itemPath, .get), (collection.itemPath, .put), (collection.itemPath, .patch),
                    (collection.itemPath, .delete):
                    roles[endpoint.name] = .item(collection)
                default: break
                }
            }
        }
    }

    /// What `endpoint` does to a resource, if anything.
    func role(of endpoint: Endpoint) -> Role? { roles[endpoint.name] }
}

/// The items the stateful mock holds, by their concrete item paths (`/todos/t_b`), in the order made.
struct MockStore {
    var items: [String: SpecValue] = [:]
    var order: [String] = []
    /// How many items were made, so each new one gets an identifier of its own.
    var made = 0

    mutating func put(_ value: SpecValue, at path: String) {
        if items.updateValue(value, forKey: path) == nil { order.append(path) }
    }

    mutating func remove(_ path: String) {
        items[path] = nil
        order.removeAll { $0 == path }
    }

    /// The items of a concrete collection path, oldest first.
    func items(in collection: String) -> [SpecValue] {
        order.filter { $0.hasPrefix(collection + "/") && !$0.dropFirst(collection.count + 1).contains("/") }
            .compactMap { items[$0] }
    }
}

/// The stateful mock's answers: what was created is there to read, list, update and delete, and a deleted or never
/// created item is the documented 404.
extension MockService {
    /// The answer of an endpoint that makes, lists or touches a resource; nil to answer as the stateless mock does.
    func statefulAnswer(_ request: MockRequest, endpoint: Endpoint, role: MockResources.Role) -> MockExchange? {
        let path = Self.normalizedPath(request.path)
        let sent = JSONText.parse(request.body)
        switch role {
        case .create(let collection):
            var exchange = scriptedOrFirstAnswer(request, endpoint: endpoint)
            guard (200..<300).contains(exchange.response.status), let body = JSONText.parse(exchange.response.body)
            else { return exchange }
            let pages = MockPages(types: types, synthesizer: synthesizer)
            var made = body
            var itemPath = ""
            // A fresh identifier: the next one not held already (a seeded item may hold one the mock would make).
            for _ in 0..<64 {
                let index = state.withLock { state in
                    state.store.made += 1
                    return state.store.made
                }
                made = adopting(
                    sent,
                    into: pages.identified(
                        body, index: index, field: collection.idField, itemType: collection.itemType),
                    itemType: collection.itemType, keeping: collection.idField)
                guard let id = MockPages.text(of: made, collection.idField) else { return exchange }
                itemPath = path + "/" + id
                if state.withLock({ $0.store.items[itemPath] == nil }) { break }
            }
            state.withLock { state in
                state.store.put(made, at: itemPath)
                state.deletedPaths.remove(itemPath)
            }
            exchange.response.body = Data(JSONText.encode(made).utf8)
            return exchange
        case .item(let collection):
            guard let stored = state.withLock({ $0.store.items[path] }) else {
                // Never made here, or deleted: the documented 404, or the stateless answer where none is documented.
                return answer(endpoint, status: 404, body: nil).map {
                    finish(request, operation: endpoint.name, response: $0, problems: [])
                }
            }
            switch endpoint.method {
            case .delete:
                state.withLock { state in
                    state.store.remove(path)
                    state.deletedPaths.insert(path)
                }
                return scriptedOrFirstAnswer(request, endpoint: endpoint)
            case .put, .patch:
                let updated = adopting(sent, into: stored, itemType: collection.itemType, keeping: collection.idField)
                state.withLock { $0.store.put(updated, at: path) }
                return storedAnswer(request, endpoint: endpoint, updated)
            default:
                return storedAnswer(request, endpoint: endpoint, stored)
            }
        case .list(let collection):
            let items = state.withLock { $0.store.items(in: path) }
            let status = defaultStatus(endpoint)
            guard let response = endpoint.responses.first(where: { $0.status.matches(status) }),
                case .json(let type) = response.body
            else { return nil }
            if let pagination = endpoint.pagination {
                return paged(request, endpoint: endpoint, pagination, items: items)
            }
            let base = synthesized(type, example: response.example)
            let value: SpecValue
            if case .array = types.resolved(type).type {
                value = .array(items)
            } else if case .object(let model) = types.shape(of: type), case .object(let fields) = model.kind,
                let field = fields.first(where: { types.resolved($0.type).type == .array(collection.itemType) })
            {
                value = base.setting([field.wireName], to: .array(items))
            } else {
                return nil
            }
            return storedAnswer(request, endpoint: endpoint, value)
        }
    }

    /// A stored item (or listing) as the endpoint's success.
    private func storedAnswer(_ request: MockRequest, endpoint: Endpoint, _ item: SpecValue) -> MockExchange {
        let status = defaultStatus(endpoint)
        guard let response = endpoint.responses.first(where: { $0.status.matches(status) }),
            case .json = response.body
        else { return scriptedOrFirstAnswer(request, endpoint: endpoint) }
        var answer = json(status, item)
        answer.headers += declaredHeaders(response)
        return finish(request, operation: endpoint.name, response: answer, problems: [])
    }

    /// `item` with the fields a request sent that the item's model has, where the value fits the field's type: a
    /// created or updated item keeps what the app gave it. The identifier stays the mock's.
    func adopting(_ request: SpecValue?, into item: SpecValue, itemType: TypeRef, keeping idField: String) -> SpecValue
    {
        guard case .object(let sent)? = request, case .object(let model) = types.shape(of: itemType),
            case .object(let fields) = model.kind
        else { return item }
        var result = item
        for entry in sent where entry.key != idField {
            guard let field = fields.first(where: { $0.wireName == entry.key }) else { continue }
            if entry.value == .null {
                if field.presence != .required { result = result.setting([entry.key], to: .null) }
                continue
            }
            if ServerValueCheck(spec: spec, types: types).problems(in: entry.value, as: field, at: field.wireName)
                .isEmpty
            {
                result = result.setting([entry.key], to: entry.value)
            }
        }
        return result
    }
}
