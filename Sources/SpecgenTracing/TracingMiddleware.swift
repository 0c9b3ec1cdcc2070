import Foundation
import HTTPTypes
public import SpecgenRuntime
public import Tracing

/// Traces calls with swift-distributed-tracing: one client span per call, named after the operation, and one child
/// span per attempt, following the OpenTelemetry HTTP client conventions.
///
/// Each attempt span carries `http.request.method`, `server.address`, `server.port`, `url.full` (without user info
/// and with secret query values redacted), `http.response.status_code`, `http.request.resend_count` from the second
/// attempt on, and `error.type` when the attempt fails or answers with a status of 400 or more. The attempt's trace
/// context goes out in the request's headers, injected by the tracer (W3C `traceparent` with swift-otel). No
/// header value, body or error message becomes an attribute, so no secret does.
///
/// It is a `.call` middleware, so its span covers every retry wherever it sits in the list. It comes with the
/// `SpecgenTracing` product, so an app that does not trace never builds swift-distributed-tracing:
/// ```swift
/// import SpecgenTracing
///
/// let client = ChatistClient(apiKey: key, middlewares: [TracingMiddleware()])
/// ```
public struct TracingMiddleware: Middleware {
    private let tracer: any Tracer

    /// Creates a middleware that traces through `tracer`; by default the one the app bootstrapped with
    /// `InstrumentationSystem.bootstrap(_:)`.
    public init(tracer: any Tracer = InstrumentationSystem.tracer) {
        self.tracer = tracer
    }

    /// Once per call, so the call span is the parent of every attempt's.
    public var scope: MiddlewareScope { .call }

    /// Runs the call inside its span.
    public func intercept(
        _ request: HTTPRequestData, context: OperationContext,
        next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData {
        try await CallTracing.call(tracer, request, operation: context.operation, next: next)
    }
}

/// The spans of a call and its attempts: the call's span is the parent of each attempt's, which the runtime's
/// `AttemptWrapping` opens around every attempt of the call.
enum CallTracing {
    static func call<T: Tracer>(
        _ tracer: T, _ request: HTTPRequestData, operation: String,
        next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData {
        let span = tracer.startSpan(operation, context: ServiceContext.current ?? .topLevel, ofKind: .client)
        defer { span.end() }
        span.attributes["http.request.method"] = request.method.rawValue
        let context = span.context
        let attempts = AttemptWrapping { request, attempt, send in
            try await Self.attempt(tracer, context: context, request, attempt, send: send)
        }
        return try await recording(on: span) {
            try await ServiceContext.withValue(context) {
                try await attempts.around { try await next(request) }
            }
        }
    }

    private static func attempt<T: Tracer>(
        _ tracer: T, context: ServiceContext, _ request: HTTPRequestData, _ attempt: AttemptWrapping.Attempt,
        send: AttemptWrapping.Send
    ) async throws -> HTTPResponseData {
        let span = tracer.startSpan(request.method.rawValue, context: context, ofKind: .client)
        defer { span.end() }
        span.attributes["http.request.method"] = request.method.rawValue
        span.attributes["url.full"] = attempt.redactedURL
        let url = request.url
        if let host = url?.host() {
            span.attributes["server.address"] = host
        }
        if let url, let port = url.port ?? (url.scheme == "https" ? 443 : url.scheme == "http" ? 80 : nil) {
            span.attributes["server.port"] = port
        }
        if attempt.number > 1 {
            span.attributes["http.request.resend_count"] = attempt.number - 1
        }
        var request = request
        tracer.inject(span.context, into: &request.headerFields, using: HTTPFieldsInjector())
        return try await recording(on: span) { try await send(request) }
    }

    /// The answer `exchange` gets, or its failure, recorded on `span`.
    private static func recording(
        on span: some Span, _ exchange: () async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData {
        do {
            let response = try await exchange()
            record(response, on: span)
            return response
        } catch {
            record(error, on: span)
            throw error
        }
    }

    private static func record(_ response: HTTPResponseData, on span: some Span) {
        span.attributes["http.response.status_code"] = response.status.code
        if response.status.code >= 400 {
            span.attributes["error.type"] = String(response.status.code)
            span.setStatus(SpanStatus(code: .error))
        }
    }

    /// Records what failed by kind only: an error's message may quote a URL with a secret in it.
    private static func record(_ error: any Error, on span: some Span) {
        let kind =
            switch error {
            case is CancellationError: "cancelled"
            case let error as URLError where error.code == .timedOut: "timeout"
            case let error as URLError where error.code == .cancelled: "cancelled"
            case let error as ClientError: error.kind
            default: String(reflecting: type(of: error))
            }
        span.attributes["error.type"] = kind
        span.setStatus(SpanStatus(code: .error))
    }
}

/// Writes a tracer's context into request headers.
struct HTTPFieldsInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout HTTPFields) {
        guard let name = HTTPField.Name(key) else { return }
        carrier[name] = value
    }
}
