import Foundation

/// Runs CPU-bound work on a thread of its own and waits for it. Swift concurrency has as many threads as cores (two
/// here): a test that computes for seconds on one of them starves the tests that time real sockets.
public func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try work() })
        }
    }
}
