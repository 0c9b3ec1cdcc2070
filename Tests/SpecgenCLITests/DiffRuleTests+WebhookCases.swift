extension DiffRuleTests {
    /// Webhooks added to both versions of ``base``: one event, signed in a header of the `t=,v1=` form, carrying an
    /// order and a header.
    static let webhooks: [(String, String)] = [
        (
            "models:\n  Problem:",
            "models:\n  OrderEvent:\n    properties:\n      type: string\n      order: Order\n  "
                + "RefundEvent:\n    properties:\n      type: string\n      amount: double\n  Problem:"
        ),
        (
            "          X-Retry-In: int?\n",
            "          X-Retry-In: int?\nwebhooks:\n  signing: {scheme: timestamped, header: Shop-Signature}\n"
                + "  events:\n    order.paid:\n      summary: An order was paid.\n      payload: OrderEvent\n"
                + "      headers:\n        X-Attempt: int\n"
        ),
    ]

    /// The webhook rules, each proven by the deliveries of a server of the new spec to the old receiver.
    static let webhookCases: [Case] = [
        Case(
            rule: "webhook-added",
            edits: [
                (
                    "      headers:\n        X-Attempt: int\n",
                    "      headers:\n        X-Attempt: int\n"
                        + "    order.refunded:\n      payload: RefundEvent\n"
                )
            ],
            symbol: "ShopWebhook.orderRefunded", shared: webhooks),
        Case(
            rule: "webhook-removed",
            edits: [
                (
                    "      headers:\n        X-Attempt: int\n",
                    "      headers:\n        X-Attempt: int\n"
                        + "    order.refunded:\n      payload: RefundEvent\n"
                )
            ],
            symbol: "ShopWebhook.orderRefunded", reversed: true, shared: webhooks),
        Case(
            rule: "webhook-payload-changed", edits: [("      payload: OrderEvent\n", "      payload: RefundEvent\n")],
            symbol: "ShopWebhook.orderPaid", shared: webhooks),
        Case(
            rule: "webhook-answer-changed",
            edits: [("      payload: OrderEvent\n", "      payload: OrderEvent\n      answer: 202\n")],
            shared: webhooks),
        Case(
            rule: "webhook-header-added",
            edits: [("        X-Attempt: int\n", "        X-Attempt: int\n        X-Region: string?\n")],
            shared: webhooks),
        Case(
            rule: "webhook-header-changed", edits: [("        X-Attempt: int\n", "        X-Attempt: int?\n")],
            shared: webhooks),
        Case(
            rule: "webhook-signing-changed",
            edits: [("header: Shop-Signature}", "header: Shop-Signature-2}")], shared: webhooks),
        Case(
            rule: "webhook-signing-declared",
            edits: [("  signing: {scheme: timestamped, header: Shop-Signature}\n", "")], shared: webhooks),
    ]
}
