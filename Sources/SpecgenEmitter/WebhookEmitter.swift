import SpecgenSpec

/// Prints `Webhooks.swift`: the enum of the events an API sends, and the receiver that checks a delivery's
/// signature before it decodes the event.
struct WebhookEmitter {
    let plan: WebhooksPlan

    func emit(writer w: inout SwiftWriter) {
        w.uses([.foundation, .webhooks], publicly: true)
        emitEvents(writer: &w)
        w.blank()
        emitReceiver(writer: &w)
    }

    private func emitEvents(writer w: inout SwiftWriter) {
        w.docComment(
            "An event \(plan.apiName) sends to an app's server, with its payload.\n\n"
                + "``\(plan.receiverName)`` checks a delivery and decodes it as one of these. An event added to the API "
                + "after this client was generated is `unknown`, with its body as sent.")
        w.type("enum", plan.enumName, ": Sendable, Hashable") { w in
            for event in plan.events {
                w.docComment(event.documentation)
                w.declaration("case", event.caseName, "(\(event.payloadType))")
            }
            w.docComment("An event this client does not know: its name, when the delivery gives one, and the body.")
            w.declaration("case", "unknown", "(event: String?, body: Data)")
            if plan.eventName == .url {
                w.blank()
                w.docComment(
                    "The events, by the name the app registers a URL for; a receiver is told which one it got.")
                w.type("enum", "Event", ": String, CaseIterable, Sendable") { w in
                    for event in plan.events {
                        w.docComment(event.documentation)
                        w.declaration("case", event.caseName, "", " = \(SwiftLiteral.string(event.name))")
                    }
                }
            }
            w.blank()
            w.docComment("The event's name as deliveries give it (`\(plan.events.first?.name ?? "event")`).")
            w.declaration("var", "name", ": String?") { w in
                w.switchBlock("self") { w in
                    for event in plan.events {
                        w.caseLine(".\(event.caseName.withoutBackticks)", "return \(SwiftLiteral.string(event.name))")
                    }
                    w.line("case .unknown(let event, _): return event")
                }
            }
        }
    }

    /// The parameter that says which event a delivery is, where deliveries do not name it.
    private var eventParameter: String { plan.eventName == .url ? "_ event: \(plan.enumName).Event, " : "" }

    /// The event's name in a delivery, as Swift.
    private var nameExpression: String {
        switch plan.eventName {
        case .field(let field): "WebhookPayload.event(inField: \(SwiftLiteral.string(field)), of: body)"
        case .header(let header): "headers[\(SwiftLiteral.string(header))]"
        case .url: "event.rawValue"
        }
    }

    private func emitReceiver(writer w: inout SwiftWriter) {
        w.docComment(
            "Checks that a delivery comes from \(plan.apiName), then decodes its event.\n\n\(plan.signingDescription)")
        w.type("struct", plan.receiverName, ": Sendable") { w in
            if let scheme = plan.scheme {
                w.line("let verifier: WebhookVerifier")
                w.blank()
                w.docComment("A receiver of deliveries signed with `secret`, at most `tolerance` from this clock.")
                w.declaration("", "init", "(secret: String, tolerance: Duration = .seconds(\(plan.tolerance)))") { w in
                    w.line("self.init(secrets: [secret], tolerance: tolerance)")
                }
                w.blank()
                w.docComment("A receiver of deliveries signed with any of `secrets`, as while a secret is rotated.")
                w.declaration("", "init", "(secrets: [String], tolerance: Duration = .seconds(\(plan.tolerance)))") {
                    w in
                    w.line(
                        "verifier = WebhookVerifier(scheme: \(scheme), secrets: secrets, encoding: \(plan.encoding), "
                            + "tolerance: tolerance)")
                }
                w.blank()
                w.docComment(
                    "The event of a delivery, once its signature holds: nothing of the body is read before.\n"
                        + "- Throws: `WebhookError`, naming the check that failed.")
                w.declaration(
                    "func", "verify",
                    "(\(eventParameter)body: Data, headers: WebhookHeaders, now: Date = Date()) throws(WebhookError) -> "
                        + plan.enumName
                ) { w in
                    w.line("try verifier.verify(body: body, headers: headers, now: now)")
                    w.line("return try Self.event(\(nameExpression), body: body)")
                }
            } else {
                w.docComment("A receiver; the spec does not say how deliveries are signed.")
                w.declaration("", "init", "()", " {}")
                w.blank()
                w.docComment(
                    "The event of a delivery. The spec does not say how deliveries are signed: check that it "
                        + "comes from \(plan.apiName) before.\n- Throws: `WebhookError` when the payload does not decode."
                )
                w.declaration(
                    "func", "decode",
                    "(\(eventParameter)body: Data, headers: WebhookHeaders) throws(WebhookError) -> \(plan.enumName)"
                ) { w in
                    w.line("try Self.event(\(nameExpression), body: body)")
                }
            }
            w.blank()
            w.block("static func event(_ event: String?, body: Data) throws(WebhookError) -> \(plan.enumName)") { w in
                w.switchBlock("event") { w in
                    for event in plan.events {
                        let name = SwiftLiteral.string(event.name)
                        w.caseLine(
                            name,
                            "return .\(event.caseName.withoutBackticks)(try WebhookPayload.decode(\(event.payloadType).self, "
                                + "from: body, event: \(name)))")
                    }
                    w.line("default: return .unknown(event: event, body: body)")
                }
            }
        }
    }
}
