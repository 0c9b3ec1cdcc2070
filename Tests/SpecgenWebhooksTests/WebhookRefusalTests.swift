import Foundation
import SpecgenWebhooks
import Testing

/// Every way a delivery is refused, each a typed error naming the check that failed and nothing of the secret.
struct WebhookRefusalTests {
    static let body = Data(#"{"type":"todo.created","id":"t_1"}"#.utf8)
    static let sent = Date(timeIntervalSince1970: 1_700_000_000)

    static func refusal(
        _ scheme: WebhookScheme, signedWith secret: String, acceptedSecrets: [String], body: Data = body,
        now: Date = sent, encoding: WebhookSecretEncoding = .text,
        edit: (inout [(name: String, value: String)]) -> Void = { _ in }
    ) throws -> WebhookError? {
        var headers = try WebhookSigner(scheme: scheme, secret: secret, encoding: encoding).headers(
            body: Self.body, id: "msg_1", timestamp: sent)
        edit(&headers)
        let verifier = WebhookVerifier(
            scheme: scheme, secrets: acceptedSecrets, encoding: encoding, tolerance: .seconds(300))
        do throws(WebhookError) {
            try verifier.verify(body: body, headers: WebhookHeaders(headers), now: now)
            return nil
        } catch {
            return error
        }
    }

    static let schemes: [WebhookScheme] = [
        .standardWebhooks, .timestamped(header: "Stripe-Signature"), .hmacSHA256(header: "X-Hub-Signature-256"),
    ]

    @Test(arguments: schemes)
    func aTamperedBodyIsRefused(scheme: WebhookScheme) throws {
        let tampered = Data(#"{"type":"todo.created","id":"t_2"}"#.utf8)
        #expect(
            try Self.refusal(scheme, signedWith: "k", acceptedSecrets: ["k"], body: tampered) == .signatureMismatch)
        #expect(try Self.refusal(scheme, signedWith: "k", acceptedSecrets: ["k"]) == nil)
    }

    @Test(arguments: schemes)
    func aRotatedSecretIsTriedAndAnOldOneRefused(scheme: WebhookScheme) throws {
        #expect(try Self.refusal(scheme, signedWith: "new", acceptedSecrets: ["old", "new"]) == nil)
        #expect(try Self.refusal(scheme, signedWith: "new", acceptedSecrets: ["old"]) == .signatureMismatch)
        #expect(try Self.refusal(scheme, signedWith: "old", acceptedSecrets: ["new"]) == .signatureMismatch)
    }

    @Test(arguments: [WebhookScheme.standardWebhooks, .timestamped(header: "Stripe-Signature")])
    func staleAndFutureTimestampsAreRefusedWithinToleranceAccepted(scheme: WebhookScheme) throws {
        let later = { (seconds: Double) in Self.sent.addingTimeInterval(seconds) }
        #expect(try Self.refusal(scheme, signedWith: "k", acceptedSecrets: ["k"], now: later(300)) == nil)
        #expect(try Self.refusal(scheme, signedWith: "k", acceptedSecrets: ["k"], now: later(-300)) == nil)
        #expect(
            try Self.refusal(scheme, signedWith: "k", acceptedSecrets: ["k"], now: later(301))
                == .timestampOutsideTolerance(secondsOff: 301, tolerance: 300))
        #expect(
            try Self.refusal(scheme, signedWith: "k", acceptedSecrets: ["k"], now: later(-400))
                == .timestampOutsideTolerance(secondsOff: -400, tolerance: 300))
    }

    /// A plain HMAC of the body carries no timestamp: a replay is the receiver's to catch (by delivery ID).
    @Test func aPlainHMACHasNoTimestampToHold() throws {
        let scheme = WebhookScheme.hmacSHA256(header: "X-Hub-Signature-256")
        let later = Self.sent.addingTimeInterval(86_400)
        #expect(try Self.refusal(scheme, signedWith: "k", acceptedSecrets: ["k"], now: later) == nil)
    }

    @Test func missingAndMalformedHeadersAreNamed() throws {
        #expect(
            try Self.refusal(.standardWebhooks, signedWith: "k", acceptedSecrets: ["k"]) {
                $0.removeAll { $0.name == "webhook-id" }
            }
                == .missingHeader("webhook-id"))
        #expect(
            try Self.refusal(.standardWebhooks, signedWith: "k", acceptedSecrets: ["k"]) {
                $0 = $0.map { $0.name == "webhook-signature" ? ($0.name, "v2,abc") : $0 }
            } == .malformedHeader("webhook-signature"))
        #expect(
            try Self.refusal(.timestamped(header: "Stripe-Signature"), signedWith: "k", acceptedSecrets: ["k"]) {
                $0 = [("Stripe-Signature", "v1=00ff")]
            } == .malformedHeader("Stripe-Signature"))
        #expect(
            try Self.refusal(.hmacSHA256(header: "X-Hub-Signature-256"), signedWith: "k", acceptedSecrets: ["k"]) {
                $0 = [("X-Hub-Signature-256", "sha1=00ff")]
            } == .malformedHeader("X-Hub-Signature-256"))
        #expect(
            try Self.refusal(.hmacSHA256(header: "X-Hub-Signature-256"), signedWith: "k", acceptedSecrets: ["k"]) {
                $0 = []
            } == .missingHeader("X-Hub-Signature-256"))
    }

    @Test func aSecretNotInItsEncodingIsNamedByPositionNotEchoed() throws {
        let good = "whsec_" + Data("sixteen byte key".utf8).base64EncodedString()
        let error = try Self.refusal(
            .standardWebhooks, signedWith: good, acceptedSecrets: [good, "whsec_not base64!"], encoding: .base64)
        #expect(error == .unreadableSecret(index: 1))
        #expect(error.map(String.init(describing:)) == "secret 2 is not in the encoding the API gives secrets in")
        // No message of any refusal names a secret.
        let messages = [
            WebhookError.signatureMismatch, .missingHeader("webhook-id"), .malformedHeader("webhook-signature"),
            .timestampOutsideTolerance(secondsOff: 301, tolerance: 300), .undecodable(event: "e", reason: "r"),
        ].map(String.init(describing:))
        #expect(messages.allSatisfy { !$0.contains("whsec_") && !$0.contains("sixteen") })
        #expect(messages[3] == "the delivery was signed 301 s ago, outside the 300 s tolerance")
    }
}
