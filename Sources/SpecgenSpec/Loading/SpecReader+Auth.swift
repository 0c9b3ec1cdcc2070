import Foundation
import SpecgenYAML

/// Reads auth schemes and an endpoint's auth requirement.
extension SpecReader {
    func authSchemes(_ node: YAMLNode) -> [AuthScheme] {
        guard
            let reader = MappingReader(
                node, keyPath: "auth", allowed: (node.pairs ?? []).compactMap(\.key.scalar),
                context: context)
        else { return [] }
        return reader.pairs.compactMap { pair in
            let name = pair.key.scalar ?? ""
            let keyPath = "auth.\(name)"
            guard
                let scheme = MappingReader(
                    pair.value, keyPath: keyPath,
                    allowed: [
                        "type", "description", "in", "name", "tokenUrl", "grants", "usernameField", "refreshLeeway",
                        "scopes", "clientAuth", "authorizationUrl", "acceptQuery",
                    ],
                    context: context), let type = scheme.requiredString("type")
            else { return nil }
            let location = context.location(pair.key)
            let kind: AuthScheme.Kind
            switch type {
            case "bearer":
                kind = .bearer
            case "basic":
                kind = .basic
            case "apiKey":
                guard let keyName = scheme.requiredString("name") else { return nil }
                let placeNode = scheme.value("in")
                let place = placeNode.flatMap { $0.scalar.flatMap(APIKeyLocation.init(rawValue:)) } ?? .header
                if let placeNode, placeNode.scalar.flatMap(APIKeyLocation.init(rawValue:)) == nil {
                    context.error(
                        .auth, placeNode, "an API key goes in 'header' or 'query', not '\(placeNode.scalar ?? "")'")
                }
                // `acceptQuery: true` says the API takes the key nowhere else (an imported document decides it).
                if place == .query, scheme.bool("acceptQuery") != true {
                    context.warning(
                        placeNode ?? pair.value, "an API key in the query ends up in server and proxy logs",
                        fix:
                            "prefer 'in: header' where the server allows it, or say 'acceptQuery: true' where it does not"
                    )
                }
                kind = .apiKey(name: keyName, location: place)
            case "oauth2":
                guard let tokenURL = scheme.requiredString("tokenUrl") else { return nil }
                var grants: [OAuth2Grant] = []
                for grant in scheme.stringList("grants") ?? ["password", "refresh_token"] {
                    if let known = OAuth2Grant(rawValue: grant) {
                        grants.append(known)
                    } else {
                        context.error(
                            .auth,
                            scheme.value("grants") ?? pair.value, "unknown OAuth2 grant '\(grant)'",
                            fix: "use \(OAuth2Grant.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))")
                    }
                }
                var clientAuthentication = OAuth2ClientAuthentication.basic
                if let node = scheme.value("clientAuth"), let text = scheme.string("clientAuth") {
                    if let known = OAuth2ClientAuthentication(rawValue: text) {
                        clientAuthentication = known
                    } else {
                        context.error(
                            .auth,
                            node, "unknown client authentication '\(text)' in '\(keyPath).clientAuth'",
                            fix: "use 'basic' (an Authorization header) or 'body' (client_id and client_secret fields)")
                    }
                }
                if !grants.contains(.clientCredentials), let node = scheme.value("scopes") {
                    context.error(
                        .auth,
                        node, "'scopes' of '\(keyPath)' are asked for only in the client_credentials grant",
                        fix: "add 'client_credentials' to 'grants', or remove 'scopes'")
                }
                if !grants.contains(.clientCredentials), !grants.contains(.authorizationCode),
                    let node = scheme.value("clientAuth")
                {
                    context.error(
                        .auth,
                        node,
                        "'clientAuth' of '\(keyPath)' applies only to the client_credentials and "
                            + "authorization_code grants",
                        fix: "add one of them to 'grants', or remove 'clientAuth'")
                }
                let authorizationURL = scheme.string("authorizationUrl")
                if grants.contains(.authorizationCode), authorizationURL == nil {
                    context.error(
                        .auth,
                        scheme.value("grants") ?? pair.value,
                        "the authorization_code grant of '\(keyPath)' needs 'authorizationUrl'",
                        fix: "add 'authorizationUrl: https://host/oauth/authorize', where the app sends the user to "
                            + "sign in")
                } else if !grants.contains(.authorizationCode), let node = scheme.value("authorizationUrl") {
                    context.error(
                        .auth,
                        node, "'authorizationUrl' of '\(keyPath)' is used only by the authorization_code grant",
                        fix: "add 'authorization_code' to 'grants', or remove 'authorizationUrl'")
                }
                kind = .oauth2(
                    OAuth2Flow(
                        tokenURL: tokenURL, grants: grants,
                        usernameField: scheme.string("usernameField") ?? OAuth2Flow.defaultUsernameField,
                        refreshLeeway: scheme.duration("refreshLeeway") ?? OAuth2Flow.defaultRefreshLeeway,
                        scopes: scheme.stringList("scopes") ?? [],
                        clientAuthentication: clientAuthentication, authorizationURL: authorizationURL))
            default:
                let suggestion = Suggestions.closest(to: type, in: ["bearer", "basic", "apiKey", "oauth2"])
                context.error(
                    .auth,
                    scheme.value("type") ?? pair.value, "unknown auth type '\(type)' in '\(keyPath)'",
                    fix: suggestion.map { "did you mean '\($0)'?" } ?? "use 'bearer', 'basic', 'apiKey' or 'oauth2'")
                return nil
            }
            var authScheme = AuthScheme(
                name: name, kind: kind, description: scheme.documentation("description"), location: location)
            authScheme.acceptsQuery = scheme.bool("acceptQuery") == true
            return authScheme
        }
    }

    /// `none`, `schemeName`, `schemeName?` for a credential the app may not have yet, or a list of alternatives in
    /// order of preference (`[partner, account]`), whose last entry may end in `?`.
    func authRequirement(_ node: YAMLNode, keyPath: String) -> AuthRequirement {
        let location = context.textLocation(node)
        if let items = node.items {
            var schemes: [String] = []
            var locations: [SourceLocation] = []
            var optional = false
            for (index, item) in items.enumerated() {
                guard let text = item.scalar, !item.isNull, text != "none", !text.isEmpty else {
                    context.error(
                        .structure,
                        item,
                        "expected an auth scheme name in '\(keyPath)', found \(item.scalar ?? item.kindDescription)",
                        fix: "list only schemes declared under 'auth:'; write 'auth: none' on its own for no credential"
                    )
                    continue
                }
                var name = text
                if name.hasSuffix("?") {
                    name.removeLast()
                    if index == items.count - 1 {
                        optional = true
                    } else {
                        context.error(
                            .auth,
                            item, "only the last alternative in '\(keyPath)' can end in '?'",
                            fix: "move the '?' to the last scheme: the request goes without a credential only after "
                                + "every alternative")
                    }
                }
                if schemes.contains(name) {
                    context.error(
                        .auth, item, "auth scheme '\(name)' is listed twice in '\(keyPath)'", fix: "remove one")
                    continue
                }
                schemes.append(name)
                locations.append(context.textLocation(item))
            }
            if items.isEmpty {
                context.error(
                    .auth,
                    node, "'\(keyPath)' lists no auth scheme",
                    fix: "name at least one scheme, or write 'none' for no credential")
            }
            return AuthRequirement(
                schemes: schemes, optional: optional, location: location, schemeLocations: locations)
        }
        guard let text = node.scalar, !node.isNull else {
            context.error(
                .structure, node,
                "expected 'none' or an auth scheme name at '\(keyPath)', found \(node.kindDescription)")
            return AuthRequirement(scheme: nil, location: location)
        }
        if text == "none" { return AuthRequirement(scheme: nil, location: location) }
        if text.hasSuffix("?") {
            return AuthRequirement(scheme: String(text.dropLast()), optional: true, location: location)
        }
        return AuthRequirement(scheme: text, location: location)
    }
}
