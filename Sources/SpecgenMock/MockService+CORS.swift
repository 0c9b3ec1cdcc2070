import Foundation
import SpecgenWire

/// Browsers on other origins: with `cors`, a preflight gets what it asks for, and answers allow the caller's origin.
extension MockService {
    /// The answer to an `OPTIONS` preflight for a declared path: 204 with the path's methods and the headers asked
    /// for; nil for a path no endpoint has, which gets the usual 404.
    func preflight(_ request: MockRequest) -> MockExchange? {
        guard case .methodNotAllowed(_, let allowed) = judge.judge(request) else { return nil }
        let asked = request.header("Access-Control-Request-Headers") ?? ""
        var headers: [(name: String, value: String)] = [
            ("Access-Control-Allow-Methods", Self.allowed(allowed, cors: true).joined(separator: ", ")),
            ("Access-Control-Max-Age", "600"),
        ]
        if !asked.isEmpty { headers.append(("Access-Control-Allow-Headers", asked)) }
        var exchange = finish(
            request, operation: nil, response: MockResponse(status: 204, headers: headers), problems: [])
        exchange.logLine += " (preflight)"
        return exchange
    }

    /// The methods a path answers: those declared, `HEAD` where `GET` is, and `OPTIONS` with CORS.
    static func allowed(_ declared: [String], cors: Bool) -> [String] {
        var methods = declared
        if declared.contains("GET"), !declared.contains("HEAD") { methods.append("HEAD") }
        if cors, !declared.contains("OPTIONS") { methods.append("OPTIONS") }
        return methods
    }

    /// The headers that let a page of `origin` read an answer, its headers included (a page's `Authorization`
    /// header is no credential in CORS's sense, so `*` exposes every header).
    static func corsHeaders(_ origin: String) -> [(name: String, value: String)] {
        [("Access-Control-Allow-Origin", origin), ("Access-Control-Expose-Headers", "*"), ("Vary", "Origin")]
    }
}
