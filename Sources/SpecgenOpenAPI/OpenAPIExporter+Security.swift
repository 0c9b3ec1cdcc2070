import Foundation
import SpecgenSpec

/// Security schemes and requirements.
extension OpenAPIExporter {
    func securityScheme(_ scheme: AuthScheme) -> OpenAPIObject {
        var object = OpenAPIObject()
        switch scheme.kind {
        case .bearer:
            object["type"] = "http"
            object["scheme"] = "bearer"
        case .basic:
            object["type"] = "http"
            object["scheme"] = "basic"
        case .apiKey(let name, let location):
            object["type"] = "apiKey"
            object["name"] = .string(name)
            object["in"] = .string(location.rawValue)
        case .oauth2(let flow):
            object["type"] = "oauth2"
            let tokenURL = OpenAPIValue.string(absoluteURL(flow.tokenURL))
            var flows = OpenAPIObject()
            for grant in flow.grants {
                let key: String
                switch grant {
                case .password: key = "password"
                case .clientCredentials: key = "clientCredentials"
                case .authorizationCode: key = "authorizationCode"
                case .refreshToken: continue
                }
                var entry = OpenAPIObject()
                if grant == .authorizationCode {
                    entry["authorizationUrl"] = flow.authorizationURL.map { .string(absoluteURL($0)) }
                }
                entry["tokenUrl"] = tokenURL
                if flow.grants.contains(.refreshToken) { entry["refreshUrl"] = tokenURL }
                var scopes = OpenAPIObject()
                if grant == .clientCredentials {
                    for scope in flow.scopes { scopes[scope] = .string("") }
                }
                entry["scopes"] = .object(scopes)
                flows[key] = .object(entry)
            }
            object["flows"] = .object(flows)
            if flow.clientAuthentication == .body,
                flow.usesClientCredentials || flow.grants.contains(.authorizationCode)
            {
                object["x-specgen-client-auth"] = "body"
            }
            // What OpenAPI has no field for, kept for the way back.
            if flow.grants.contains(.password), flow.usernameField != OAuth2Flow.defaultUsernameField {
                object["x-specgen-username-field"] = .string(flow.usernameField)
            }
            if flow.refreshLeeway != OAuth2Flow.defaultRefreshLeeway {
                object["x-specgen-refresh-leeway"] = .double(flow.refreshLeeway)
            }
        }
        object["description"] = scheme.description.map { .string(Self.trimmed($0)) }
        return object
    }

    /// A token URL relative to the first server, made absolute as OpenAPI requires.
    func absoluteURL(_ path: String) -> String {
        guard !path.contains("://"), let server = spec.servers.first?.defaultURL() else { return path }
        let base = server.hasSuffix("/") ? String(server.dropLast()) : server
        return base + (path.hasPrefix("/") ? path : "/" + path)
    }

    /// OpenAPI's `security`: one requirement object per alternative, in the spec's order (a client may satisfy any),
    /// and an empty one last when the credential is optional.
    func securityRequirements(_ requirement: AuthRequirement) -> OpenAPIValue {
        var alternatives: [OpenAPIValue] = requirement.schemes.map { scheme in
            var named = OpenAPIObject()
            named[scheme] = .array([])
            return .object(named)
        }
        // An empty requirement object means "no credentials is also fine".
        if requirement.optional && !requirement.isNone { alternatives.append(.object(OpenAPIObject())) }
        return .array(alternatives)
    }
}
