import SpecgenSpec
import Testing

/// A URL below a server URL, as the path a client resolves against its own base URL.
struct ServerPathTests {
    @Test func aURLBelowAServerIsThePathFromIt() {
        let servers = ["https://{region}.api.relay.example/{version}", "https://sandbox.relay.example/v1/"]
        #expect(Spec.path(of: "https://eu.api.relay.example/v1/oauth/token", below: servers) == "/oauth/token")
        #expect(Spec.path(of: "https://sandbox.relay.example/v1/oauth/token", below: servers) == "/oauth/token")
        #expect(Spec.path(of: "https://us-east.api.relay.example/v2/", below: servers) == "/")
        // Another host, a path outside the server's, a variable that would have to take a `/`, a path already.
        #expect(Spec.path(of: "https://auth.relay.example/token", below: servers) == nil)
        #expect(Spec.path(of: "https://sandbox.relay.example/oauth/token", below: servers) == nil)
        #expect(
            Spec.path(of: "https://eu.x.api.relay.example/v1/token", below: ["https://{a}.api.relay.example/v1"])
                == "/token")
        #expect(
            Spec.path(of: "https://eu/x.api.relay.example/v1/token", below: ["https://{a}.api.relay.example/v1"])
                == nil)
        #expect(Spec.path(of: "/oauth/token", below: servers) == nil)
    }
}
