import Foundation
import SpecgenTestSupport
import SpecgenWebhooks
import Testing

/// Each signature scheme against the vectors its provider publishes, and against signatures Python's `hmac`
/// computes on its own; then every way a delivery is refused: a tampered body, a stale or future timestamp, a
/// secret rotated away, a missing or malformed header, a secret in the wrong encoding.
struct WebhookSignatureTests {
    /// GitHub's documented example: "Hello, World!" under "It's a Secret to Everybody".
    @Test func gitHubsPublishedVectorVerifies() throws {
        let scheme = WebhookScheme.hmacSHA256(header: "X-Hub-Signature-256")
        let body = Data("Hello, World!".utf8)
        let signature = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
        let verifier = WebhookVerifier(scheme: scheme, secrets: ["It's a Secret to Everybody"], encoding: .text)
        try verifier.verify(body: body, headers: ["x-hub-signature-256": signature])
        let signer = try WebhookSigner(scheme: scheme, secret: "It's a Secret to Everybody", encoding: .text)
        #expect(signer.headers(body: body, id: "unused", timestamp: Date()).map(\.value) == [signature])
    }

    /// The Standard Webhooks specification's example delivery.
    @Test func standardWebhooksPublishedVectorVerifies() throws {
        let verifier = WebhookVerifier(
            scheme: .standardWebhooks, secrets: ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"], encoding: .base64)
        let headers: WebhookHeaders = [
            "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek", "webhook-timestamp": "1614265330",
            "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
        ]
        let sent = Date(timeIntervalSince1970: 1_614_265_330)
        try verifier.verify(body: Data(#"{"test": 2432232314}"#.utf8), headers: headers, now: sent)
        // Several signatures, space-separated: any one that matches will do.
        var rotated = headers
        rotated = [
            "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek", "webhook-timestamp": "1614265330",
            "webhook-signature": "v1,AAAA v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
        ]
        try verifier.verify(body: Data(#"{"test": 2432232314}"#.utf8), headers: rotated, now: sent)
    }

    /// For each scheme, the headers Python's `hmac` computes for a random body and secret are the signer's, and
    /// they verify.
    @Test(arguments: ["standard", "timestamped", "hmac"])
    func signaturesMatchPythonsHMAC(scheme name: String) async throws {
        var random = SystemRandomNumberGenerator()
        let body = #"{"type":"todo.created","id":"t_\#(UInt32.random(in: 0...UInt32.max, using: &random))"}"#
        let secretBytes = (0..<24).map { _ in UInt8.random(in: 0...255, using: &random) }
        let secret =
            name == "standard"
            ? "whsec_" + Data(secretBytes).base64EncodedString()
            : "s3cr3t-\(UInt32.random(in: 0...9999, using: &random))"
        let (id, seconds) = (
            "msg_\(UInt16.random(in: 0...9999, using: &random))", 1_700_000_000 + Int.random(in: 0...9999)
        )
        let script = """
            import base64, hashlib, hmac, sys
            name, secret, body, id, ts = sys.argv[1:6]
            key = base64.b64decode(secret[len("whsec_"):]) if name == "standard" else secret.encode()
            def mac(text): return hmac.new(key, text.encode(), hashlib.sha256)
            if name == "standard": print("v1," + base64.b64encode(mac(f"{id}.{ts}.{body}").digest()).decode())
            elif name == "timestamped": print(f"t={ts},v1=" + mac(f"{ts}.{body}").hexdigest())
            else: print("sha256=" + mac(body).hexdigest())
            """
        let python = try await ProcessRun.run("python3", ["-c", script, name, secret, body, id, String(seconds)])
        #expect(python.status == 0, "\(python.stderr)")
        let expected = python.stdout.trimmingCharacters(in: .whitespacesAndNewlines)

        let scheme: WebhookScheme =
            switch name {
            case "standard": .standardWebhooks
            case "timestamped": .timestamped(header: "Stripe-Signature")
            default: .hmacSHA256(header: "X-Hub-Signature-256")
            }
        let encoding: WebhookSecretEncoding = name == "standard" ? .base64 : .text
        let signer = try WebhookSigner(scheme: scheme, secret: secret, encoding: encoding)
        let sent = Date(timeIntervalSince1970: TimeInterval(seconds))
        let headers = signer.headers(body: Data(body.utf8), id: id, timestamp: sent)
        #expect(headers.last?.value == expected)
        let verifier = WebhookVerifier(scheme: scheme, secrets: [secret], encoding: encoding)
        try verifier.verify(body: Data(body.utf8), headers: WebhookHeaders(headers), now: sent)
    }
}
