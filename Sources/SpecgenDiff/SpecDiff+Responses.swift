import SpecgenEmitter
import SpecgenSpec

/// Operations' answers: success statuses, their types, streams and response headers.
extension SpecDiff {
    mutating func compareResponses(
        _ a: Endpoint, _ aPlan: OperationPlan, _ b: Endpoint, _ bPlan: OperationPlan, symbol: String
    ) {
        let operations = [b.name]
        let scope = ProofScope.answers(operation: b.name, statuses: nil)
        func at(_ status: StatusPattern) -> ProofScope {
            guard case .code(let code) = status else { return scope }
            return .answers(operation: b.name, statuses: [code])
        }
        let oldStatuses = a.responses.map(\.status)
        let newStatuses = b.responses.map(\.status)
        for status in oldStatuses where !newStatuses.contains(status) {
            add(
                .successStatusRemoved, "'\(b.name)' no longer answers \(status)", at: b.location, symbols: [symbol],
                operations: operations, scope: at(status))
        }
        for response in b.responses where !oldStatuses.contains(response.status) {
            add(
                .successStatusAdded, "'\(b.name)' may answer \(response.status)", at: response.location,
                symbols: [symbol],
                operations: operations, scope: at(response.status))
        }
        func type(_ endpoint: Endpoint) -> String {
            endpoint.responses.compactMap { response -> String? in
                switch response.body {
                case .json(let type): type.description
                case .stream(let stream): stream.description
                case .binary: "binary"
                case .empty: nil
                }
            }.first ?? "empty"
        }
        if type(a) != type(b), let before = a.responses.first?.body, let after = b.responses.first?.body,
            case .stream(var was) = before, case .stream(let now) = after, was.terminator != now.terminator,
            {
                was.terminator = now.terminator
                return was
            }() == now
        {
            add(
                .streamTerminatorChanged,
                "'\(b.name)' ends its stream on \(now.terminator.map { "'\($0)'" } ?? "the connection's end"), was "
                    + (was.terminator.map { "'\($0)'" } ?? "the connection's end"),
                at: b.responses.first?.typeLocation ?? b.location, symbols: [symbol], operations: operations,
                explains: [["operation", b.name, "status"]])
            // Exchanges of whole streams are not simulated: the evidence is the new server's last event.
            let item = now.item?.description ?? "event"
            findings[findings.count - 1].proof = WireProof(
                requests: 0, answers: 1,
                failed: [
                    Exchange(
                        direction: .answer, type: b.name, operation: b.name,
                        json: now.terminator.map { "data: \($0)" } ?? "the end of the stream",
                        failure: was.terminator.map {
                            "the old app waits for '\($0)' and reads this as one more \(item)"
                        }
                            ?? "the old app reads it as one more \(item), which it cannot decode")
                ])
        } else if type(a) != type(b) {
            add(
                aPlan.returnType == bPlan.returnType ? .wireTypeChanged : .responseTypeChanged,
                "'\(b.name)' returns \(type(b)), was \(type(a))",
                at: b.responses.first?.typeLocation ?? b.location,
                symbols: [symbol], operations: operations, scope: scope)
        }
    }

    /// The headers as the headers struct holds them: one type each, required only when every success sends them.
    mutating func compareResponseHeaders(_ a: Endpoint, _ aPlan: OperationPlan, _ b: Endpoint, _ bPlan: OperationPlan) {
        let operations = [b.name]
        let oldHeaders = a.responseHeaders
        let newHeaders = b.responseHeaders
        func symbol(_ plan: OperationPlan, _ wireName: String) -> [String] {
            guard let headers = plan.responseHeaders,
                let header = headers.headers.first(where: { $0.wireName.lowercased() == wireName.lowercased() })
            else { return [] }
            return ["\(headers.typeName).\(header.name.withoutBackticks)"]
        }
        for header in oldHeaders
        where !newHeaders.contains(where: { $0.wireName.lowercased() == header.wireName.lowercased() }) {
            add(
                header.presence == .required ? .responseHeaderRemovedRequired : .responseHeaderRemovedOptional,
                "'\(b.name)' no longer declares response header '\(header.wireName)'", at: b.location,
                symbols: symbol(aPlan, header.wireName), operations: operations,
                scope: .responseHeader(operation: a.name, header.wireName))
        }
        if oldHeaders.isEmpty, let headers = bPlan.responseHeaders {
            let names = newHeaders.map { "'\($0.wireName)'" }.joined(separator: ", ")
            add(
                .responseHeadersDeclared, "'\(b.name)' declares response headers \(names)",
                at: b.responses.first { !$0.headers.isEmpty }?.headers.first?.location ?? b.location,
                symbols: ["\(newPlan.names.api).\(headers.methodName)", headers.typeName], operations: operations,
                scope: .operations([a.name], places: nil))
            return
        }
        let order = { (headers: [Field]) in headers.map { $0.wireName.lowercased() } }
        if let headers = bPlan.responseHeaders, Self.reordered(order(oldHeaders), order(newHeaders)) {
            add(
                .propertiesReordered, "the response headers of '\(b.name)' are declared in another order",
                at: b.location, symbols: ["\(newPlan.names.api).\(bPlan.bareName)", "\(headers.typeName).init"],
                operations: operations, scope: .operations([a.name], places: nil))
        }
        for header in newHeaders {
            let location =
                b.responses.lazy.flatMap(\.headers)
                .first { $0.wireName.lowercased() == header.wireName.lowercased() }?.location ?? b.location
            guard let old = oldHeaders.first(where: { $0.wireName.lowercased() == header.wireName.lowercased() }) else {
                add(
                    header.presence == .required ? .responseHeaderAddedRequired : .responseHeaderAddedOptional,
                    "'\(b.name)' declares response header '\(header.wireName)'", at: location,
                    symbols: symbol(bPlan, header.wireName), operations: operations,
                    scope: .responseHeader(operation: a.name, header.wireName))
                continue
            }
            let here = ProofScope.responseHeader(operation: a.name, header.wireName)
            let symbols = symbol(bPlan, header.wireName)
            if let was = symbol(aPlan, header.wireName).first, let now = symbols.first,
                was.split(separator: ".").last != now.split(separator: ".").last
            {
                add(
                    .propertyRenamedInSwift,
                    "response header '\(header.wireName)' of '\(b.name)' is '\(now)' in Swift, was '\(was)'",
                    at: location, symbols: [was, now], operations: operations, scope: here)
            }
            checkConstraints(
                old.constraints, header.constraints, what: "response header '\(header.wireName)' of '\(b.name)'",
                at: location, symbols: symbols, operations: operations, inRequest: false, scope: here)
            if old.type != header.type {
                add(
                    .responseHeaderTypeChanged,
                    "response header '\(header.wireName)' of '\(b.name)' is \(header.type), was \(old.type)",
                    at: location, symbols: symbols, operations: operations, scope: here)
            } else if old.format != header.format {
                add(
                    .formatChanged,
                    "response header '\(header.wireName)' of '\(b.name)' is \(DiffText.format(header.format)), was "
                        + DiffText.format(old.format),
                    at: location, symbols: symbols, operations: operations, scope: nil,
                    explains: [["operation", b.name, "response-header", header.wireName.lowercased()]])
                setDateProof(
                    old, header, sends: false, receives: true, type: header.type.description, operation: b.name)
            } else if old.presence == .required, header.presence != .required {
                add(
                    .responseHeaderMadeOptional,
                    "response header '\(header.wireName)' of '\(b.name)' may now be absent", at: location,
                    symbols: symbols, operations: operations, scope: here)
            } else if old.presence != .required, header.presence == .required {
                add(
                    .responseHeaderMadeRequired,
                    "response header '\(header.wireName)' of '\(b.name)' is now always sent", at: location,
                    symbols: symbols, operations: operations, scope: here)
            }
        }
    }
}
