import Foundation
import SpecgenFixtureRelay
import SpecgenMockWebhooks
import SpecgenSpec
import SpecgenTestSupport
import SpecgenWebhooks
import Synchronization
import Testing

/// A receiver written with the generated `RelayWebhooks`, in a server on 127.0.0.1, takes the deliveries
/// `specgen-mock --deliver` sends: it verifies each signature before decoding, answers the status the spec gives the
/// event, and refuses a tampered delivery or one signed with another secret.
struct WebhookDeliveryTests {
    static let spec = "Tests/Fixtures/Relay/Relay.yaml"
    static let secret = "relay-receiver-secret"

    /// What the receiver made of each delivery: the event, or the check that failed.
    static func receive(_ request: RecordedRequest, outcomes: Outcomes) -> CannedResponse {
        do throws(WebhookError) {
            let event = try RelayWebhooks(secret: Self.secret).verify(
                body: request.body, headers: WebhookHeaders(request.headers))
            switch event {
            case .messageDelivered(let payload):
                outcomes.add("delivered \(payload.message.id)")
                return CannedResponse(status: 200)
            case .messageFailed(let payload):
                let attempt = request.headers["relay-attempt"] ?? "none"
                outcomes.add("failed \(payload.message.id), attempt \(attempt)")
                return CannedResponse(status: 204)
            case .unknown(let name, _):
                outcomes.add("unknown \(name ?? "-")")
                return CannedResponse(status: 200)
            }
        } catch {
            outcomes.add("refused: \(error)")
            return CannedResponse(status: 400)
        }
    }

    @Test func theMocksDeliveriesAreVerifiedAndDecodedOverRealSockets() async throws {
        let outcomes = Outcomes()
        var runs: [ProcessRun] = []
        _ = try await withTestServer({ Self.receive($0, outcomes: outcomes) }) { url in
            let hook = url.appending(path: "hooks/relay").absoluteString
            for extra in [
                ["--deliver", "message.delivered", "--secret", Self.secret],
                ["--deliver", "message.failed", "--secret", Self.secret],
                ["--deliver", "message.delivered", "--secret", Self.secret, "--tamper"],
                ["--deliver", "message.delivered", "--secret", "another-secret"],
            ] {
                runs.append(try await ProcessRun.product("specgen-mock", [Self.spec, "--to", hook] + extra))
            }
        }
        #expect(runs.map(\.status) == [0, 0, 0, 1], "\(runs.map(\.stderr))")
        #expect(runs[0].stdout.hasSuffix("/hooks/relay: 200, as expected\n"), "\(runs[0].stdout)")
        #expect(runs[1].stdout.contains("Delivered message.failed to "), "\(runs[1].stdout)")
        #expect(runs[2].stdout.contains("Delivered message.delivered (tampered) to "), "\(runs[2].stdout)")
        #expect(runs[3].stdout.hasSuffix(": 400, expected 2XX\n"), "\(runs[3].stdout)")
        #expect(
            outcomes.list == [
                "delivered id_1", "failed id_1, attempt 1",
                "refused: no signature of the delivery matches its body under the receiver's secrets",
                "refused: no signature of the delivery matches its body under the receiver's secrets",
            ])
    }

    @Test func anEventTheClientDoesNotKnowIsKeptWithItsBody() throws {
        let body = Data(#"{"type":"message.bounced","message":{"id":"m_1","text":"hi"}}"#.utf8)
        let now = Date()
        let headers = try WebhookSigner(
            scheme: .timestamped(header: "Relay-Signature"), secret: Self.secret, encoding: .text
        ).headers(body: body, id: "unused", timestamp: now)
        let event = try RelayWebhooks(secret: Self.secret).verify(
            body: body, headers: WebhookHeaders(headers), now: now)
        #expect(event == .unknown(event: "message.bounced", body: body))
        #expect(event.name == "message.bounced")
        // A known event whose payload does not decode says which event, after the signature held.
        let broken = Data(#"{"type":"message.delivered","message":{"id":5}}"#.utf8)
        let signed = try WebhookSigner(
            scheme: .timestamped(header: "Relay-Signature"), secret: Self.secret, encoding: .text
        ).headers(body: broken, id: "unused", timestamp: now)
        #expect {
            try RelayWebhooks(secret: Self.secret).verify(body: broken, headers: WebhookHeaders(signed), now: now)
        } throws: { error in
            guard case .undecodable(let event, _)? = error as? WebhookError else { return false }
            return event == "message.delivered"
        }
    }

    @Test func aDeliveryFitsTheSpecAndNamesItsEvent() throws {
        let bytes = try Data(contentsOf: PackagePaths.url(Self.spec))
        let spec = try #require(Spec.load(bytes: Array(bytes), path: Self.spec).spec)
        let deliveries = WebhookDeliveries(spec: spec)
        let delivery = try deliveries.delivery(of: "message.failed", secret: Self.secret)
        #expect(delivery.answer == .code(204))
        let object = try #require(try JSONSerialization.jsonObject(with: delivery.body) as? [String: Any])
        #expect(object["type"] as? String == "message.failed")
        #expect(delivery.headers.map(\.name) == ["Content-Type", "Relay-Attempt", "Relay-Signature"])
        #expect(
            throws: WebhookDeliveries.Failure.unknownEvent(
                "message.sent", known: ["message.delivered", "message.failed"])
        ) {
            try deliveries.delivery(of: "message.sent", secret: Self.secret)
        }
        #expect(throws: WebhookDeliveries.Failure.missingSecret) {
            try deliveries.delivery(of: "message.failed", secret: nil)
        }
    }
}

/// What a receiver made of the deliveries it got, in order.
final class Outcomes: Sendable {
    private let lines = Mutex<[String]>([])

    var list: [String] { lines.withLock { $0 } }

    func add(_ line: String) { lines.withLock { $0.append(line) } }
}
