import Foundation

/// The ports the test process has served on, so no server gets one an earlier server had.
///
/// Every client in the process shares one `URLSession`, which keeps connections open for reuse. When a server stops
/// and the kernel hands its port to the next server, a connection to the old one can still sit in the pool, and the
/// next request over it fails as "connection lost". A server that draws a port already served on draws again.
public enum ServedPorts {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var ports: Set<Int> = []

    /// How many ports a server draws before it gives up.
    public static let attempts = 32

    /// Records `port` as served on; false when an earlier server in this process had it.
    public static func claim(_ port: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return ports.insert(port).inserted
    }
}
