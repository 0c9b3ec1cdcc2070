public import Foundation
import HTTPTypes

/// How failed requests are retried: exponential backoff with jitter, honouring `Retry-After`.
public struct RetryPolicy: Hashable, Sendable {
    /// Total attempts, including the first.
    public var maxAttempts: Int
    /// Delay before the first retry, in seconds.
    public var initialDelay: TimeInterval
    /// Longest delay between attempts.
    public var maxDelay: TimeInterval
    /// Factor each delay grows by.
    public var multiplier: Double
    /// Whether delays are randomised (full jitter), so many clients do not retry in step.
    public var jitter: Bool
    /// Statuses that are retried.
    public var statuses: Set<Int>
    /// Longest time all attempts together may take.
    public var maxElapsed: TimeInterval?

    /// Creates a policy; the defaults are 3 attempts, 0.5 s doubling to 8 s, with jitter.
    public init(
        maxAttempts: Int = 3, initialDelay: TimeInterval = 0.5, maxDelay: TimeInterval = 8, multiplier: Double = 2,
        jitter: Bool = true, statuses: Set<Int> = [408, 429, 500, 502, 503, 504], maxElapsed: TimeInterval? = nil
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.multiplier = multiplier
        self.jitter = jitter
        self.statuses = statuses
        self.maxElapsed = maxElapsed
    }

    /// The delay before retry number `retry` (1-based), before jitter.
    func backoff(_ retry: Int) -> TimeInterval {
        min(maxDelay, initialDelay * pow(multiplier, Double(retry - 1)))
    }
}

/// Retries idempotent requests (and operations the spec marks safe) on transient failures.
///
/// It never retries after cancellation, stops after `maxAttempts` or `maxElapsed`, and waits as long as the
/// server's `Retry-After` asks when that fits the budget.
public struct RetryMiddleware: Middleware {
    /// The policy.
    public let policy: RetryPolicy
    private let sleep: @Sendable (TimeInterval) async throws -> Void

    /// Creates a middleware; `sleep` is injectable so tests need not wait.
    public init(
        policy: RetryPolicy,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { seconds in
            try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
        }
    ) {
        self.policy = policy
        self.sleep = sleep
    }

    /// Around the whole call: it resends through the `.attempt` middlewares.
    public var scope: MiddlewareScope { .call }

    /// Sends, and resends while the policy allows.
    public func intercept(
        _ request: HTTPRequestData, context: OperationContext,
        next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData {
        let policy = context.retryPolicy ?? self.policy
        guard context.isRetryable(request), policy.maxAttempts > 1 else { return try await next(request) }
        let start = Date()
        var attempt = 1
        while true {
            try Task.checkCancellation()
            let outcome: Result<HTTPResponseData, any Error>
            do {
                outcome = .success(try await next(request))
            } catch {
                if error is CancellationError || Task.isCancelled { throw error }
                if let urlError = error as? URLError, urlError.code == .cancelled { throw error }
                outcome = .failure(error)
            }
            var retryAfter: TimeInterval?
            switch outcome {
            case .success(let response):
                guard policy.statuses.contains(response.status.code) else { return response }
                retryAfter = response.headerFields[.retryAfter].flatMap(Self.parseRetryAfter)
            case .failure(let error):
                if error is AuthenticationFailure || error is ValidationFailure || error is ClientError { throw error }
            }
            guard attempt < policy.maxAttempts else { return try outcome.get() }
            var delay = policy.backoff(attempt)
            if policy.jitter { delay = Double.random(in: 0...delay) }
            if let retryAfter { delay = retryAfter }
            if let budget = policy.maxElapsed, Date().timeIntervalSince(start) + delay > budget {
                return try outcome.get()
            }
            try await sleep(delay)
            attempt += 1
        }
    }

    /// Seconds from `Retry-After`: a number of seconds or an HTTP date.
    static func parseRetryAfter(_ value: String) -> TimeInterval? {
        if let seconds = TimeInterval(value.trimmingCharacters(in: .whitespaces)), seconds >= 0 { return seconds }
        return DateFormat.httpDate.date(from: value).map { max(0, $0.timeIntervalSinceNow) }
    }
}
