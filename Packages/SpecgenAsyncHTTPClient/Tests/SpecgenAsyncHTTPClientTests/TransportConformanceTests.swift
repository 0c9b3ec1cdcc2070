import SpecgenAsyncHTTPClient
import SpecgenRuntime
import SpecgenTransportChecks
import Testing

/// AsyncHTTPClientTransport passes every transport check over real sockets, as URLSessionTransport does.
struct TransportConformanceTests {
    @Test(arguments: TransportCheck.allCases)
    func asyncHTTPClient(_ check: TransportCheck) async throws {
        try await check.run { AsyncHTTPClientTransport() }
    }
}
