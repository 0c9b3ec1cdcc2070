import SpecgenSpec

/// The `webhooks:` section as a person writes it: defaults left out.
extension SpecWriter {
    func webhooks(_ webhooks: Webhooks) -> SpecText {
        var map = SpecMap()
        if let signing = webhooks.signing {
            var written = SpecMap()
            written["scheme"] = .string(signing.scheme.rawValue)
            written["header"] = signing.header.map(SpecText.string)
            let usual: WebhookSigning.SecretEncoding = signing.scheme == .standardWebhooks ? .base64 : .text
            if signing.secretEncoding != usual { written["secret"] = .string(signing.secretEncoding.rawValue) }
            if signing.scheme.isTimestamped, signing.tolerance != 300 {
                written["tolerance"] = Self.number(signing.tolerance)
            }
            map["signing"] = written.text
        } else if webhooks.isUnsigned {
            map["signing"] = "none"
        }
        switch webhooks.eventName {
        case .field("type"): break
        case .field(let field): map["event"] = .map([SpecText.Entry(key: "field", value: .string(field))])
        case .header(let header): map["event"] = .map([SpecText.Entry(key: "header", value: .string(header))])
        case .url: map["event"] = "url"
        }
        map["events"] = .map(
            webhooks.events.map { event in
                var written = SpecMap()
                written["summary"] = event.summary.map(SpecText.description)
                written["description"] = event.description.map(SpecText.description)
                written["payload"] = .string(event.payload.description)
                if !event.headers.isEmpty { written["headers"] = ModelWriter.fields(event.headers) }
                if event.answer != .range(2) { written["answer"] = .plain(event.answer.description) }
                return SpecText.Entry(key: event.name, value: written.text)
            })
        return map.text
    }
}
