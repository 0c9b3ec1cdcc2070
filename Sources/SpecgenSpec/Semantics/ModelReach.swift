/// Which names each model reaches through properties, aliases, arrays, maps and union variants, worked out once for
/// a whole spec, so that asking for the models of every operation costs a few word-wide unions, not a walk of the
/// model graph per operation.
///
/// Models that reach each other (a strongly connected group) share one set, made from its members and the sets of
/// groups finished before it. A name a type refers to that no model declares is reached as itself.
package struct ModelReach: Sendable {
    /// A set of names, one bit per name of the reach.
    package struct Names: Hashable, Sendable {
        fileprivate var words: [UInt64]

        fileprivate init(count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }

        fileprivate mutating func insert(_ index: Int) { words[index >> 6] |= 1 << UInt64(index & 63) }

        fileprivate func contains(_ index: Int) -> Bool { words[index >> 6] & (1 << UInt64(index & 63)) != 0 }

        /// Adds every name of another set.
        package mutating func formUnion(_ other: Names) {
            for index in words.indices { words[index] |= other.words[index] }
        }
    }

    private let names: [String]
    private let indices: [String: Int]
    private let reach: [Names]

    /// The reach of a spec's models.
    package init(_ models: [Model]) {
        var names: [String] = []
        var indices: [String: Int] = [:]
        func node(_ name: String) -> Int {
            if let index = indices[name] { return index }
            indices[name] = names.count
            names.append(name)
            return names.count - 1
        }
        var edges: [[Int]] = []
        for model in models { _ = node(model.name) }
        for model in models {
            let targets: [TypeRef]
            switch model.kind {
            case .object(let fields): targets = fields.map(\.type)
            case .alias(let target, _): targets = [target]
            case .union(let union): targets = union.variants.map(\.type)
            case .enumeration: targets = []
            }
            let from = node(model.name)
            while edges.count < names.count { edges.append([]) }
            edges[from] += targets.flatMap(\.referencedNames).map(node)
        }
        while edges.count < names.count { edges.append([]) }
        self.names = names
        self.indices = indices
        self.reach = Self.closures(edges)
    }

    /// The set of no names.
    package var empty: Names { Names(count: names.count) }

    /// Every name the types refer to, directly or through the models they name.
    package func names(from roots: [TypeRef]) -> Names {
        var set = empty
        for name in roots.flatMap(\.referencedNames) {
            if let index = indices[name] { set.formUnion(reach[index]) }
        }
        return set
    }

    /// Whether a set holds a name.
    package func contains(_ set: Names, _ name: String) -> Bool {
        guard let index = indices[name] else { return false }
        return set.contains(index)
    }

    /// The names of a set.
    package func strings(_ set: Names) -> Set<String> {
        var result: Set<String> = []
        for (index, name) in names.enumerated() where set.contains(index) { result.insert(name) }
        return result
    }

    /// Each node's reach (itself included): the groups come finished after every group they reach, so each group's
    /// set is its members and the sets of what its members point at outside it.
    private static func closures(_ edges: [[Int]]) -> [Names] {
        let count = edges.count
        var reach = Array(repeating: Names(count: count), count: count)
        var group = Array(repeating: -1, count: count)
        for (number, members) in StronglyConnected.groups(edges).enumerated() {
            var set = Names(count: count)
            for member in members { group[member] = number }
            for member in members {
                set.insert(member)
                for target in edges[member] where group[target] != number { set.formUnion(reach[target]) }
            }
            for member in members { reach[member] = set }
        }
        return reach
    }
}

/// The strongly connected groups of a directed graph (nodes that reach each other), by Tarjan's algorithm.
package enum StronglyConnected {
    /// The groups, each finished after every group it reaches. The walk keeps its own stack, so no chain of nodes
    /// is too long for the thread's.
    package static func groups(_ edges: [[Int]]) -> [[Int]] {
        let count = edges.count
        var order = Array(repeating: -1, count: count)
        var low = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var groups: [[Int]] = []
        var next = 0
        func visit(_ node: Int) {
            order[node] = next
            low[node] = next
            next += 1
            stack.append(node)
            onStack[node] = true
        }
        for start in 0..<count where order[start] < 0 {
            var calls: [(node: Int, edge: Int)] = [(start, 0)]
            visit(start)
            while let (node, edge) = calls.last {
                if edge < edges[node].count {
                    calls[calls.count - 1].edge += 1
                    let target = edges[node][edge]
                    if order[target] < 0 {
                        visit(target)
                        calls.append((target, 0))
                    } else if onStack[target] {
                        low[node] = min(low[node], order[target])
                    }
                    continue
                }
                calls.removeLast()
                if let caller = calls.last?.node { low[caller] = min(low[caller], low[node]) }
                guard low[node] == order[node] else { continue }
                var members: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    members.append(member)
                    if member == node { break }
                }
                groups.append(members)
            }
        }
        return groups
    }
}
