/// The webhook rules: the API sends, the app receives, so a change is judged as a change to an answer is.
extension DiffRule {
    static let webhookAdded = DiffRule(
        "webhook-added", "A webhook event was added", wire: .safe, swift: .breaking, additive: true,
        "Old receivers decode it as `unknown`; a new case of the events enum breaks exhaustive switches over it.")
    static let webhookRemoved = DiffRule(
        "webhook-removed", "A webhook event was removed", wire: .breaking, swift: .breaking,
        "Old receivers wait for an event that no longer comes; its case is gone.")
    static let webhookPayloadChanged = DiffRule(
        "webhook-payload-changed", "A webhook event's payload type changed", wire: .breaking, swift: .breaking,
        "Old receivers decode the old type; the case carries another one.")
    static let webhookAnswerChanged = DiffRule(
        "webhook-answer-changed", "The status a receiver answers a webhook with changed", wire: .breaking,
        swift: .safe, "Old receivers answer the old status, which the API now takes as a failed delivery.")
    static let webhookHeaderAdded = DiffRule(
        "webhook-header-added", "A webhook event's delivery carries a new header", wire: .safe, swift: .safe,
        additive: true, "Old receivers ignore it.")
    static let webhookHeaderChanged = DiffRule(
        "webhook-header-changed", "A webhook event's header was removed, made optional or retyped", wire: .breaking,
        swift: .safe, "Old receivers read a header that is gone or not what they read.")
    static let webhookSigningChanged = DiffRule(
        "webhook-signing-changed", "How webhook deliveries are signed or name their event changed", wire: .breaking,
        swift: .safe, "Old receivers check the old signature, or look for the event where it no longer is.")
    static let webhookSigningDeclared = DiffRule(
        "webhook-signing-declared", "Webhook deliveries became signed, or no longer are", wire: .breaking,
        swift: .breaking, "The receiver's initializers and its checking method change.")
}
