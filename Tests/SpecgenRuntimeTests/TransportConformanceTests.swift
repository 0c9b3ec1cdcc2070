import SpecgenRuntime
import SpecgenTransportChecks
import Testing

/// URLSessionTransport passes every transport check over real sockets.
struct TransportConformanceTests {
    @Test(arguments: TransportCheck.allCases)
    func urlSession(_ check: TransportCheck) async throws {
        try await check.run { URLSessionTransport() }
    }
}
