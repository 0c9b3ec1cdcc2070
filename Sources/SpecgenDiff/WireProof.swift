package import SpecgenSpec

/// What a change touches, for the exchanges that prove its wire verdict: fields of a model, or the model itself.
package enum ProofScope: Hashable, Sendable {
    /// Properties of a model, by their wire names in either version.
    case fields(model: String, [String])
    /// The keys a model does not declare (its `additionalProperties`).
    case undeclaredKeys(model: String)
    /// The whole model: its kind, its values, its variants.
    case model(String)
    /// One value of an enum model: the exchanges that carry it.
    case enumValue(model: String, SpecValue)
    /// A model under another name: the old model's values sent as the new one, the new one's answers read as the
    /// old one.
    case renamedModel(old: String, new: String)
    /// The requests of an operation (by name), at these places: `query.limit`, `path.id`, `header.X-Key`,
    /// `body`, `route` (its method and path), `auth`, `server` (the base URL it is sent to).
    case request(operation: String, [String])
    /// The answers of an operation: at these statuses, or at every one (nil).
    case answers(operation: String, statuses: [Int]?)
    /// The error answers of the operations that throw an error type, for these of its cases.
    case errors(operations: [String], cases: [String])
    /// A response header of an operation's successes, by name.
    case responseHeader(operation: String, String)
    /// Every exchange of these operations (by their names in the old spec), failing at these places; nil for
    /// the failures no other change of the diff explains. For changes that touch the wire only through others.
    case operations([String], places: [String]?)
    /// The requests of these operations (by their names in the old spec), failing at these places; nil for the
    /// failures no other change of the diff explains. For changes that touch only what the old app sends.
    case requests([String], places: [String]?)
    /// The base URLs the old app sends each operation to when it picks this server (by its name in the old spec):
    /// each one a server of the new spec must serve the operation at.
    case server(String)

    /// The model the scope is in; nil for an operation's.
    var model: String? {
        switch self {
        case .fields(let model, _), .undeclaredKeys(let model), .model(let model), .enumValue(let model, _),
            .renamedModel(let model, _):
            model
        case .request, .answers, .errors, .responseHeader, .operations, .requests, .server: nil
        }
    }
}

/// One exchange between an app built from the old spec and a server of the new spec that fails.
package struct Exchange: Hashable, Sendable, CustomStringConvertible {
    /// Who sent the value.
    package enum Direction: String, Hashable, Sendable {
        /// The old app sent it and the new server rejected it.
        case request
        /// The new server answered with it and the old app could not read it.
        case answer
    }

    /// Who sent the value.
    package var direction: Direction
    /// The spec type the value was sent as.
    package var type: String
    /// An operation that carries the type, when one does.
    package var operation: String?
    /// The value, as compact JSON.
    package var json: String
    /// The rejection or the decoding error: `body.team is required`, `missing key 'id' at 'data[0]'`.
    package var failure: String

    /// `the old app sends {"team":null} as NewMember (inviteMember); the new server rejects it: body.team is
    /// required`.
    package var description: String {
        switch direction {
        case .request:
            return "the old app sends \(json) \(carrier); the new server rejects it: \(failure)"
        case .answer:
            return "the new server answers \(json) \(carrier); the old app cannot read it: \(failure)"
        }
    }

    /// `as NewMember (inviteMember)`, or `in inviteMember` for a whole request or answer of an operation.
    package var carrier: String {
        if operation == type { return "in \(type)" }
        return "as \(type)" + (operation.map { " (\($0))" } ?? "")
    }
}

/// A wire verdict proven by exchanges: requests the old app can send, checked as a server of the new spec checks
/// them, and answers a server of the new spec can give, decoded as the old app decodes them.
package struct WireProof: Hashable, Sendable {
    /// Requests of the old app tried.
    package var requests: Int
    /// Answers of the new server tried.
    package var answers: Int
    /// The shortest failing exchange, when one failed.
    package var evidence: Exchange?

    /// Breaking when some exchange failed.
    package var verdict: Verdict { evidence == nil ? .safe : .breaking }

    /// What was tried, with the shortest of the exchanges that failed (by its JSON, then its failure) as evidence.
    init(requests: Int, answers: Int, failed: some Sequence<Exchange>) {
        self.requests = requests
        self.answers = answers
        evidence = failed.min { ($0.json.count, $0.failure) < ($1.json.count, $1.failure) }
    }

    /// `tried 4 requests of the old app and 6 answers of the new server; every one worked`, or the failing exchange.
    package var summary: String {
        if let evidence { return evidence.description }
        if requests + answers == 0 { return "no request of the old app and no answer of the new server carries it" }
        let tried = [
            requests > 0 ? "\(Self.count(requests, "request")) of the old app" : nil,
            answers > 0 ? "\(Self.count(answers, "answer")) of the new server" : nil,
        ].compactMap { $0 }
        return "tried " + tried.joined(separator: " and ") + "; every one worked"
    }

    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
