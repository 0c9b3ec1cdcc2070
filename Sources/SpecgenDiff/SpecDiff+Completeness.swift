import Foundation
import SpecgenEmitter
package import SpecgenSpec
import SpecgenSurface

/// Completeness by construction: after the rules have spoken, the two versions' wire models and Swift surfaces are
/// compared whole, and every difference that no finding accounts for becomes a finding of its own, breaking until
/// a rule names it. A diff that reports nothing has therefore compared everything that travels and every public
/// declaration of the generated client.
extension SpecDiff {
    /// The differences no finding explains, each reported by a catch-all rule.
    mutating func explainRest() {
        for gap in unexplainedWireDifferences() {
            add(.unexplainedWireChange, gap.message, at: gap.location, explains: [gap.subject])
        }
        for gap in unexplainedSwiftDifferences() {
            add(.unexplainedSwiftChange, gap.message, at: gap.location, symbols: [gap.symbol])
        }
    }

    // MARK: - Wire

    /// A subject of the wire models whose facts differ and that no finding explains.
    struct WireGap {
        var subject: [String]
        var message: String
        var location: SourceLocation
    }

    /// The subjects whose facts differ between the two versions and that no finding explains, in the new spec's
    /// order, then the old one's.
    func unexplainedWireDifferences() -> [WireGap] {
        let (before, after) = (oldFacts, newFacts)
        func values(_ facts: [WireModel.Fact]) -> [String: [String]] {
            Dictionary(grouping: facts, by: \.key).mapValues { $0.map(\.value) }
        }
        let oldValues = values(before)
        let newValues = values(after)
        let touched = findings.flatMap(Self.wireSubjects)
        var gaps: [WireGap] = []
        var seen: Set<[String]> = []
        for fact in after + before where oldValues[fact.key] != newValues[fact.key] {
            guard !seen.contains(fact.subject), !Self.covers(touched, fact.subject) else { continue }
            seen.insert(fact.subject)
            let changes = Set((before + after).filter { $0.subject == fact.subject }.map(\.attribute)).sorted()
                .compactMap { attribute -> String? in
                    let key = WireModel.Fact(
                        subject: fact.subject, attribute: attribute, value: "", location: fact.location
                    )
                    .key
                    let was = oldValues[key]?.joined(separator: " | ")
                    let now = newValues[key]?.joined(separator: " | ")
                    guard was != now else { return nil }
                    return "\(attribute) \(was ?? "absent") → \(now ?? "absent")"
                }
            gaps.append(
                WireGap(
                    subject: fact.subject, message: "\(fact.subjectText): " + changes.joined(separator: ", "),
                    location: fact.location))
        }
        return gaps
    }

    /// Whether one of `touched` is `subject` or contains it.
    static func covers(_ touched: [[String]], _ subject: [String]) -> Bool {
        touched.contains { $0.count <= subject.count && Array(subject.prefix($0.count)) == $0 }
    }

    /// The wire subjects a finding accounts for: what its proof scope names, and what it says it explains.
    static func wireSubjects(of finding: Finding) -> [[String]] {
        guard !DiffRule.notExplaining.contains(finding.rule.id) else { return [] }
        var subjects = finding.explains
        // A Swift-only change is proven by its operations' exchanges but accounts for none of their wire facts.
        if DiffRule.swiftOnly.contains(finding.rule.id) { return subjects }
        switch finding.rule {
        case .operationAdded, .operationRemoved, .operationRenamed:
            // The whole operation is new, gone or under another name.
            subjects += finding.operations.map { ["operation", $0] }
        case .helperAdded, .helperRemoved, .paginationChanged:
            // Client helpers: nothing of the operation's exchanges.
            return subjects
        default:
            break
        }
        return subjects + Self.subjects(of: finding.scope)
    }

    /// What a type derives from its members: its declaration's conformances, initializers, coding, and the
    /// redacting descriptions and mirror of a type with sensitive fields.
    static let derivedMembers: Set<String> = [
        "", ".init", ".encode", ".customMirror", ".description", ".debugDescription", ".with",
    ]

    /// What a type derives from the models it holds: validation and redaction.
    static let reachabilityMembers: Set<String> = [".validate", ".customMirror", ".description", ".debugDescription"]

    /// The wire subjects a proof scope names.
    static func subjects(of scope: ProofScope?) -> [[String]] {
        var subjects: [[String]] = []
        switch scope {
        case .fields(let model, let names)?:
            subjects += names.map { ["model", model, $0] }
        case .undeclaredKeys(let model)?, .model(let model)?, .enumValue(let model, _)?:
            subjects.append(["model", model])
        case .renamedModel(let model, let renamed)?:
            subjects += [["model", model], ["model", renamed]]
        case .request(let operation, let places)?:
            subjects += places.flatMap { Self.subjects(at: $0, of: operation) }
        case .answers(let operation, let statuses)?:
            subjects +=
                statuses.map { $0.map { ["operation", operation, "status", String($0)] } }
                ?? [["operation", operation, "status"]]
        case .errors(let operations, _)?:
            subjects += operations.map { ["operation", $0, "error"] }
        case .responseHeader(let operation, let header)?:
            subjects.append(["operation", operation, "response-header", header.lowercased()])
        case .operations(let operations, let places)?, .requests(let operations, let places)?:
            for operation in operations {
                subjects +=
                    places.map { $0.flatMap { Self.subjects(at: $0, of: operation) } } ?? [["operation", operation]]
            }
        case .server(let name)?:
            subjects.append(["server", name])
        case nil:
            break
        }
        return subjects
    }

    /// The subjects of a proof place: `route`, `body`, `query.limit` (which an inline body field shares).
    static func subjects(at place: String, of operation: String) -> [[String]] {
        let parts = place.split(separator: ".", maxSplits: 1).map(String.init)
        let base = ["operation", operation]
        guard parts.count == 2 else { return [base + [place]] }
        return [base + parts, base + ["body", parts[1]]]
    }

    // MARK: - Swift

    /// A public declaration whose text differs between the two clients and that no finding explains.
    struct SwiftGap {
        var symbol: String
        var message: String
        var location: SourceLocation
    }

    /// The symbols of the generated clients' surfaces whose declarations differ and that no finding explains.
    func unexplainedSwiftDifferences() -> [SwiftGap] {
        let oldSymbols = OperationSymbols(oldPlan)
        let newSymbols = OperationSymbols(newPlan)
        // Renamed types, read under their new names: a rename's finding explains every declaration that only names
        // them (`ErrorPayload<Kind>` as `ErrorPayload<Renamed>`).
        let renames = typeRenames()
        // Renamed enum cases too, where a default value names one (`riskLevel: RiskLevel = .normal`).
        let cases = caseRenames()
        var before: [String: Set<String>] = [:]
        for (symbol, texts) in oldSymbols.declarations(APISurface(spec: old, plan: oldPlan)) {
            before[Self.renamingOwner(symbol, renames), default: []].formUnion(
                texts.map { Self.renamingCases(Self.renaming($0, renames), cases) })
        }
        let after = newSymbols.declarations(APISurface(spec: new, plan: newPlan))
        let explaining = findings.filter { $0.rule.id != DiffRule.documentationChanged.id }
        let touched = Set(
            explaining.flatMap { $0.symbols.flatMap { [oldSymbols.normalized($0), newSymbols.normalized($0)] } }
                .map { Self.renamingOwner($0, renames) })
        let touchedOwners = Set(touched.map(Self.owner))
        var gaps: [SwiftGap] = []
        for symbol in Set(before.keys).union(after.keys).sorted()
        where Self.apartFromCoding(before[symbol]) != Self.apartFromCoding(after[symbol]) {
            var owner = Self.owner(symbol)
            if touched.contains(symbol) || touched.contains(owner) { continue }
            // The mock's initializer takes a handler per operation: any operation's change explains it.
            if owner == oldPlan.names.mock || owner == newPlan.names.mock { owner = newPlan.names.api }
            // What a type derives from its members (its declaration's conformances, initializers, coding, mirror)
            // changes with them.
            let member = String(symbol.dropFirst(Self.owner(symbol).count))
            if Self.derivedMembers.contains(member), touchedOwners.contains(owner) { continue }
            // What a type derives from the models it holds (it validates itself when one has constraints, redacts
            // itself when one has sensitive fields): the finding of that model's change explains it.
            let declarations = { (texts: Set<String>?) in texts?.filter { !$0.hasPrefix("extension ") } ?? [] }
            let reachable =
                Self.reachabilityMembers.contains(member)
                || (member.isEmpty && declarations(before[symbol]) == declarations(after[symbol]))
            if reachable, !explaining.isEmpty { continue }
            // A struct's nested date format type (`Event.AtFormat`) is there while a property has a date format: the
            // format's finding explains it.
            let nested = member.split(separator: ".").first.map(String.init) ?? ""
            if nested.hasSuffix("Format"),
                findings.contains(where: { $0.rule == .formatChanged })
                    || touchedOwners.contains(owner)
            {
                continue
            }
            let was = before[symbol]?.sorted().joined(separator: "; ") ?? "absent"
            let now = after[symbol]?.sorted().joined(separator: "; ") ?? "absent"
            gaps.append(
                SwiftGap(
                    symbol: symbol, message: "'\(symbol)' was `\(was)`, is `\(now)`", location: location(of: owner)))
        }
        return gaps
    }

    /// Which operation each member of the client, the mock, the request builders and the API protocol belongs to,
    /// so that the rules' `ShopAPI.getOrder` names the mock's `GetOrderHandler` and the client's helpers too.
    struct OperationSymbols {
        let names: GeneratedNames
        private var operationOf: [String: String] = [:]
        /// The types an operation owns (its response headers), with the operation's symbol.
        private var typeOwner: [String: String] = [:]
        /// Each operation's member of its resource (`ShopOrders.get`), with the operation's symbol.
        private var resourceMembers: [String: String] = [:]

        init(_ plan: ClientPlan) {
            names = plan.names
            for operation in plan.operations {
                let symbol = "\(plan.names.api).\(operation.bareName)"
                let members = [
                    operation.bareName, operation.handlerTypeName, operation.argumentsTypeName, operation.builderName,
                    operation.responseHeaders?.methodName, operation.pagination?.methodName,
                    operation.polling?.methodName, operation.fileDownloadMethod?.bareName,
                    operation.headersMethod?.bareName, operation.headersMethod?.handlerTypeName,
                ]
                // The first operation keeps a name two of them give a helper.
                for member in members.compactMap({ $0 }) where operationOf[member] == nil {
                    operationOf[member] = symbol
                }
                if let member = operation.resourceMember {
                    resourceMembers[member.symbol(in: plan.names)] =
                        symbol
                }
                if let headers = operation.responseHeaders?.typeName, typeOwner[headers] == nil {
                    typeOwner[headers] = symbol
                }
            }
        }

        /// `ShopClient.getOrder`, `ShopMock.GetOrderHandler`, `ShopMock.GetOrderArguments.id` and `ShopOrders.get` as
        /// `ShopAPI.getOrder`; initializers stay their owner's.
        func normalized(_ symbol: String) -> String {
            if let operation = resourceMembers[symbol] { return operation }
            let owner = SpecDiff.owner(symbol)
            if let operation = typeOwner[owner] { return operation }
            guard [names.client, names.mock, names.requests, names.api].contains(owner), symbol.contains("."),
                !symbol.hasSuffix(".init")
            else { return symbol }
            let member = String(symbol.dropFirst(owner.count + 1))
            // A member of a type the operation owns (its mock arguments' `GetOrderArguments.id`) is the operation's.
            let outer = member.split(separator: ".").first.map(String.init) ?? member
            return operationOf[member] ?? operationOf[outer] ?? "\(names.api).\(member)"
        }

        /// Each symbol's declarations, the client's, mock's and request builders' members under their operation.
        func declarations(_ surface: APISurface) -> [String: Set<String>] {
            var declarations: [String: Set<String>] = [:]
            for entry in surface.entries {
                declarations[normalized(entry.symbol), default: []].insert(entry.swift)
            }
            return declarations
        }
    }

    /// `Order` of `Order.total`; a type's own symbol is its owner.
    static func owner(_ symbol: String) -> String {
        symbol.firstIndex(of: ".").map { String(symbol[..<$0]) } ?? symbol
    }

    /// Where a Swift owner comes from: its model, or the spec.
    func location(of owner: String) -> SourceLocation {
        let namer = Namer()
        for spec in [new, old] {
            if let model = spec.models.first(where: { namer.swiftName(of: $0) == owner }) { return model.location }
        }
        return new.location
    }
}

extension SpecDiff {
    /// Whether two versions differ on the wire (their ``WireModel``s) and in the Swift API (their clients'
    /// surfaces), compared whole and without any rule: what a complete diff must account for.
    package static func differences(old: Spec, new: Spec) -> (wire: Bool, swift: Bool) {
        func facts(_ spec: Spec) -> [String: [String]] {
            Dictionary(grouping: WireModel(spec, types: TypeResolver(spec)).facts, by: \.key).mapValues {
                $0.map(\.value)
            }
        }
        func declarations(_ spec: Spec) -> [String: Set<String>] {
            let plan = ClientPlanner(spec: spec, sourcePath: "spec.yaml").plan()
            return OperationSymbols(plan).declarations(APISurface(spec: spec, plan: plan))
        }
        return (facts(old) != facts(new), declarations(old) != declarations(new))
    }

    /// The shortest exchange of any operation that fails between an app built from `old` and a server of `new`,
    /// every request and answer tried and none explained away; nil when all of them work. Rule-free, as
    /// ``differences(old:new:)`` is: a diff with no wire-breaking finding must leave this nil.
    package static func failingExchange(old: Spec, new: Spec) -> Exchange? {
        var simulator = ExchangeSimulator(old: old, new: new, oldTypes: TypeResolver(old), newTypes: TypeResolver(new))
        return simulator.proof(operations: old.endpoints.map(\.name), places: nil).evidence
    }
}

extension SpecDiff {
    /// What the catch-alls report when no rule speaks: every difference of the two versions' wire models and Swift
    /// surfaces, each at its place. The rules' findings make this empty; tests show it is not empty without them.
    package static func unexplained(old: Spec, new: Spec) -> [Finding] {
        var diff = SpecDiff(old: old, new: new)
        diff.explainRest()
        return diff.findings
    }
}

extension SpecDiff {
    /// The finding of a whole spec added (`old` nil) or removed (`new` nil) in a pull request.
    package static func wholeSpec(old: Spec?, new: Spec?) -> Finding? {
        switch (old, new) {
        case (nil, let spec?):
            return Finding(
                rule: .apiAdded,
                message: "the API '\(spec.name)' was added, with \(spec.endpoints.count) operation(s)",
                location: spec.location, symbols: [GeneratedNames(apiName: spec.name).module],
                operations: spec.endpoints.map(\.name))
        case (let spec?, nil):
            return Finding(
                rule: .apiRemoved,
                message: "the API '\(spec.name)' was removed, with \(spec.endpoints.count) operation(s)",
                location: spec.location, symbols: [GeneratedNames(apiName: spec.name).module],
                operations: spec.endpoints.map(\.name))
        default:
            return nil
        }
    }
}
