import SpecgenSpec
import SpecgenWire

/// Tries the exchanges a change touches between an app generated from the old spec and a server of the new one.
///
/// For a model the old app sends, it builds the values the old app can send (`ValueVariants` of the old spec) and
/// checks each as `specgen-mock` of the new spec checks a body (`ServerValueCheck`). For a model the app receives,
/// it builds the answers the new spec allows and decodes each as the old generated client does (`ClientDecoding`):
/// an answer fails when the old client throws, or when a union in it decodes as another variant than the new client
/// reads (`undocumented` where the old client knows the variant, or another known variant). A model that no
/// operation carries is tried both ways.
struct ExchangeSimulator {
    let old: Spec
    let new: Spec
    let oldValues: ValueVariants
    let newValues: ValueVariants
    let server: ServerValueCheck
    let oldClient: ClientDecoding
    /// The old spec's types, and its checks of text (how the old client reads headers).
    let oldTypes: TypeResolver
    /// The new spec's types: how its server reads a parameter.
    let newTypes: TypeResolver
    let oldReader: ServerValueCheck
    let newClient: ClientDecoding
    /// Any server of the new spec, judging the old app's requests (as `specgen-mock` of the new spec does).
    let judge: RequestJudge
    /// Any server of the old spec: a request it refuses is one the old client's own checks never send.
    let oldJudge: RequestJudge
    /// The new spec's operations by `METHOD path` and by name: the first of each.
    let newRoutes: [String: Int]
    let newNames: [String: Int]
    private var trials: [TrialKey: Trial] = [:]
    /// The trials of operations' requests and of their answers, by name.
    var requestTrials: [String: OperationTrial] = [:]
    var answerTrials: [String: OperationTrial] = [:]
    /// The new server's answers of a type read as an old type, by the two types and whether a whole answer.
    var readingCache: [ReadingKey: [(json: String, failure: String?)]] = [:]

    struct ReadingKey: Hashable {
        var type: TypeRef
        var oldType: TypeRef
        var whole: Bool
    }

    struct TrialKey: Hashable {
        var model: String
        var requests: Bool
        var answers: Bool
        /// The fields varied at the top level; nil for all.
        var focus: Set<String>? = nil
        /// The model's name in the new spec, when it was renamed.
        var renamed: String? = nil
    }

    /// The failures each operation's other changes explain, by operation (its name in the old spec): places such
    /// as `query.limit`, `body`, `status.201`. Set by the diff before it asks for proofs.
    var claims: [String: [String]] = [:]
    /// Whether a proof at named places counts only the failures no other change claims: an addition's, which can
    /// break an old request only by taking it for itself, never by removing what served it.
    var onlyUnclaimed = false

    /// What trying one model's exchanges found.
    struct Trial {
        var requests = 0
        var answers = 0
        var failures: [Failure] = []
    }

    /// A failing exchange, and the first key under the model's value where it failed (nil for the value itself).
    /// When a union's variant was read as another, `variant` names it and `key` is where its value failed.
    struct Failure {
        var exchange: Exchange
        var key: String?
        var variant: String?
    }

    init(old: Spec, new: Spec, oldTypes: TypeResolver, newTypes: TypeResolver) {
        self.old = old
        self.new = new
        self.oldTypes = oldTypes
        self.newTypes = newTypes
        oldValues = ValueVariants(spec: old)
        newValues = ValueVariants(spec: new)
        server = ServerValueCheck(spec: new, types: newTypes)
        oldReader = ServerValueCheck(spec: old, types: oldTypes)
        oldClient = ClientDecoding(spec: old, types: oldTypes)
        newClient = ClientDecoding(spec: new, types: newTypes)
        judge = RequestJudge(spec: new, types: newTypes, ignoresUndeclared: true)
        oldJudge = RequestJudge(spec: old, types: oldTypes, ignoresUndeclared: true)
        newRoutes = Dictionary(
            new.endpoints.indices.map { ("\(new.endpoints[$0].method.rawValue) \(new.endpoints[$0].path)", $0) },
            uniquingKeysWith: min)
        newNames = Dictionary(new.endpoints.indices.map { (new.endpoints[$0].name, $0) }, uniquingKeysWith: min)
    }

    /// The proof of a change in `scope`, for a model the old app sends (`inRequest`), receives (`inResponse`), or
    /// neither (then both are tried). `sender` and `receiver` name operations that send and return it, for the
    /// evidence.
    mutating func proof(
        _ scope: ProofScope, inRequest: Bool, inResponse: Bool, sender: String?, receiver: String?
    ) -> WireProof? {
        switch scope {
        case .request(let name, let places):
            if places == ["server"] { return old.endpoint(named: name).map { serverProof(of: [$0]) { _ in true } } }
            return proof(operation: name, requests: true, answers: false) { field in
                places.contains { Self.place(field, isIn: $0) }
            }
        case .answers(let name, let statuses):
            return proof(operation: name, requests: false, answers: true) { field in
                statuses.map { $0.contains { field == "status.\($0)" } } ?? true
            }
        case .errors(let operations, let cases):
            // Every operation that throws the error type; breaking when one of them fails.
            let proofs = operations.compactMap { name in
                proof(operation: name, requests: false, answers: true) { cases.map { "error.\($0)" }.contains($0) }
            }
            guard !proofs.isEmpty else { return nil }
            return WireProof(
                requests: 0, answers: proofs.map(\.answers).reduce(0, +), failed: proofs.compactMap(\.evidence))
        case .responseHeader(let name, let header):
            return proof(operation: name, requests: false, answers: true) { $0 == "header.\(header.lowercased())" }
        case .operations(let names, let places):
            return proof(operations: names, places: places)
        case .requests(let names, let places):
            return proof(operations: names, places: places, answers: false)
        case .server(let name):
            return serverProof { $0.server == name && !$0.moved }
        case .fields, .undeclaredKeys, .model, .enumValue, .renamedModel:
            break
        }
        let renamed: String? = if case .renamedModel(_, let name) = scope { name } else { nil }
        guard let model = scope.model, old.model(named: model) != nil, new.model(named: renamed ?? model) != nil
        else { return nil }
        let unused = !inRequest && !inResponse
        let focus: Set<String>? =
            switch scope {
            case .fields(_, let names): Set(names)
            case .undeclaredKeys: []
            default: nil
            }
        let key = TrialKey(
            model: model, requests: inRequest || unused, answers: inResponse || unused, focus: focus, renamed: renamed)
        let trial = trials[key] ?? self.trial(key, sender: sender, receiver: receiver)
        trials[key] = trial
        // A variant of an undiscriminated union is also read through the union, where a change the variant's own
        // decoding ignores (a constant) decides which variant the old client picks.
        var failures = trial.failures
        for union in Self.unions(holding: model, in: old) where key.answers && renamed == nil {
            let context = TrialKey(model: union, requests: false, answers: true)
            let unionTrial = trials[context] ?? self.trial(context, sender: sender, receiver: receiver)
            trials[context] = unionTrial
            failures += unionTrial.failures.filter { $0.variant == model }
        }
        let declared = Set(
            (old.model(named: model)?.fields ?? []).map(\.wireName)
                + (new.model(named: renamed ?? model)?.fields ?? []).map(\.wireName))
        let relevant = failures.filter { failure in
            switch scope {
            case .fields(_, let names): failure.key.map(names.contains) ?? false
            case .undeclaredKeys: failure.key.map { !declared.contains($0) } ?? false
            case .enumValue(_, let value): failure.exchange.json == JSONText.encode(value)
            default: true
            }
        }
        return WireProof(requests: trial.requests, answers: trial.answers, failed: relevant.map(\.exchange))
    }

    private func trial(_ key: TrialKey, sender: String?, receiver: String?) -> Trial {
        var trial = Trial()
        let type = TypeRef.named(key.model)
        // The same type, or the model under its new name.
        let newType = TypeRef.named(key.renamed ?? key.model)
        if key.requests {
            var values = oldValues.values(of: type, focus: key.focus)
            if let focus = key.focus, let shortest = values.first {
                values += probes(key.model, focus: focus, base: shortest)
            }
            if case .alias(let target, let before)? = old.model(named: key.model)?.kind,
                case .alias(_, let after)? = new.model(named: key.model)?.kind
            {
                values += Self.edges(target, old: before, new: after)
            }
            // A request the old server refuses is none the old app sends: no evidence of a change.
            for value in values where oldReader.problems(in: value, as: type).isEmpty {
                trial.requests += 1
                for problem in server.problems(in: value, as: newType) {
                    let field = problem.field.hasPrefix("body") ? String(problem.field.dropFirst(4)) : problem.field
                    trial.failures.append(
                        Failure(
                            exchange: Exchange(
                                direction: .request, type: key.model, operation: sender,
                                json: JSONText.encode(value), failure: "\(problem.field) \(problem.message)"),
                            key: Self.firstKey(field.hasPrefix(".") ? String(field.dropFirst()) : field),
                            variant: nil))
                }
            }
        }
        if key.answers {
            for value in newValues.values(of: newType, focus: key.focus) {
                // An answer the new app cannot read either (a date format that does not read back what it writes)
                // fails both apps alike: no evidence of a change.
                let fresh = newClient.decode(value, as: newType)
                guard fresh.failure == nil else { continue }
                trial.answers += 1
                let read = oldClient.decode(value, as: type)
                if read.failure != nil {
                    // The client throws the first error only; every one is kept, so that each change is judged
                    // by the errors it makes, not hidden behind another change's.
                    for decoding in oldClient.failures(decoding: value, as: type) {
                        trial.failures.append(
                            Failure(
                                exchange: Exchange(
                                    direction: .answer, type: key.model, operation: receiver,
                                    json: JSONText.encode(value), failure: decoding.description),
                                key: decoding.keyPath.first.map(ClientDecoding.firstKey), variant: nil))
                    }
                } else if let moved = movedKey(value, model: key.model, now: key.renamed ?? key.model) {
                    trial.failures.append(
                        Failure(
                            exchange: Exchange(
                                direction: .answer, type: key.model, operation: receiver,
                                json: JSONText.encode(value), failure: moved.message),
                            key: moved.key, variant: nil))
                } else if let lost = Self.lostVariant(read.choices, fresh.choices) {
                    trial.failures.append(
                        Failure(
                            exchange: Exchange(
                                direction: .answer, type: key.model, operation: receiver,
                                json: JSONText.encode(value), failure: lost.message),
                            key: lost.path.isEmpty ? lost.key : lost.path.first.map(ClientDecoding.firstKey),
                            variant: lost.path.isEmpty ? lost.variant : nil))
                }
            }
        }
        return trial
    }

    /// The first union the old client decodes as another variant than the new one does, where the old union knows
    /// the new client's variant.
    /// The variant is the one lost, and the key is where its value failed to decode in the old client.
    static func lostVariant(
        _ old: [UnionChoice], _ new: [UnionChoice]
    ) -> (path: [String], message: String, variant: String, key: String?)? {
        for meant in new {
            guard let variant = meant.variant,
                let read = old.first(where: { $0.path == meant.path && $0.union == meant.union }),
                read.variant != variant, read.known.contains(variant)
            else { continue }
            let at = meant.path.isEmpty ? "" : " at '\(meant.path.joined(separator: "."))'"
            let rejection = read.rejections.first { $0.variant == variant }
            let reason = rejection.map { " (\($0.message))" } ?? ""
            return (
                meant.path,
                "read as \(read.variant.map { "'\($0)'" } ?? "undocumented"), not '\(variant)'\(at)\(reason)",
                variant, rejection?.key
            )
        }
        return nil
    }

    /// A property the old client reads as absent because the answer sends it under its new key: the same Swift
    /// property under another wire name. Nothing throws; the old app just never sees the value.
    func movedKey(_ value: SpecValue, model: String, now: String) -> (key: String, message: String)? {
        guard case .object(let entries) = value, let before = old.model(named: model),
            let after = new.model(named: now)
        else { return nil }
        let namer = Namer()
        for entry in entries where !before.fields.contains(where: { $0.wireName == entry.key }) {
            guard let sent = after.fields.first(where: { $0.wireName == entry.key }),
                let known = before.fields.first(where: { namer.bareSwiftName(of: $0) == namer.bareSwiftName(of: sent) }
                ),
                !entries.contains(where: { $0.key == known.wireName })
            else { continue }
            return (known.wireName, "reads '\(known.wireName)' as absent; the answer sends it as '\(entry.key)'")
        }
        return nil
    }

    /// The undiscriminated unions of `spec` with `model` among their variants.
    static func unions(holding model: String, in spec: Spec) -> [String] {
        spec.models.compactMap { candidate in
            guard case .union(let union) = candidate.kind, union.discriminator == nil,
                union.variants.contains(where: { $0.type == .named(model) })
            else { return nil }
            return candidate.name
        }
    }

    /// Whether a failure at `place` (`query.tags`, `body.team[0]`) is at `scope` (`query.tags`, `body`).
    static func place(_ place: String, isIn scope: String) -> Bool {
        place == scope || place.hasPrefix(scope + ".") || place.hasPrefix(scope + "[")
    }

    /// `tags` of `tags[0].name`; nil for the value itself.
    static func firstKey(_ path: String) -> String? {
        let key = path.prefix { $0 != "." && $0 != "[" }
        return key.isEmpty ? nil : String(key)
    }
}
