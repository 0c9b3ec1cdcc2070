public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A server on 127.0.0.1 that breaks HTTP on purpose, for the answers no well-behaved server library will give:
/// it reads each request's head, then stays silent or writes raw bytes and hangs up.
public final class RawSocketServer: @unchecked Sendable {
    /// What the server does after reading a request's head.
    public enum Behaviour: Sendable {
        /// Never answers; the connection stays open until the server stops.
        case silent
        /// Writes these bytes, then closes the connection (a short body, a broken status line).
        case raw(Data)
        /// Answers 200 with a chunked body: `count` chunks of `chunk`, one every `interval` seconds, stopping early
        /// when the client hangs up. With `holdAfterFirst`, the rest waits until ``releaseStream()``, at most
        /// ``holdLimit``: a client that buffers the whole body never releases it, and fails once the limit passes.
        case stream(chunk: Data, count: Int, interval: TimeInterval, holdAfterFirst: Bool = false)
    }

    /// The base URL, such as `http://127.0.0.1:54321`.
    public let url: URL
    private let listener: Int32
    private let behaviour: Behaviour
    private let lock = NSLock()
    // Guarded by `lock`.
    private var connections: [Int32] = []
    private var stopped = false
    private var streamed: (chunks: Int, clientHungUp: Date?) = (0, nil)
    private let release = DispatchSemaphore(value: 0)

    /// For `.stream`: how many chunks were written, and when the client hung up, if it did before the end.
    public var streamProgress: (chunks: Int, clientHungUp: Date?) {
        lock.lock()
        defer { lock.unlock() }
        return streamed
    }

    /// Starts listening on an ephemeral port and accepting on a background thread.
    public init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        var bound: (fd: Int32, url: URL)?
        for _ in 0..<ServedPorts.attempts where bound == nil {
            let (fd, port) = try Self.bindEphemeral()
            if ServedPorts.claim(port), let url = URL(string: "http://127.0.0.1:\(port)") {
                bound = (fd, url)
            } else {
                close(fd)
            }
        }
        guard let bound else { throw URLError(.cannotConnectToHost) }
        listener = bound.fd
        url = bound.url
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// A socket listening on an ephemeral port of 127.0.0.1, and the port.
    private static func bindEphemeral() throws -> (fd: Int32, port: Int) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw URLError(.cannotConnectToHost) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw URLError(.cannotConnectToHost)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            lock.lock()
            let isStopped = stopped
            if !isStopped { connections.append(connection) }
            lock.unlock()
            if isStopped {
                close(connection)
                return
            }
            readHead(connection)
            switch behaviour {
            case .silent: break
            case .raw(let bytes):
                _ = writeAll(bytes, to: connection)
                hangUp(connection)
            case .stream(let chunk, let count, let interval, let hold):
                stream(chunk, count: count, interval: interval, hold: hold, to: connection)
                hangUp(connection)
            }
        }
    }

    /// How long a held stream waits for ``releaseStream()``: far longer than a loaded machine with two cores ever
    /// keeps a client from reading a chunk that has arrived, so only a client that waits for the whole body fails.
    public static let holdLimit: TimeInterval = 120

    /// Lets a held stream send the rest of its chunks.
    public func releaseStream() { release.signal() }

    private func stream(_ chunk: Data, count: Int, interval: TimeInterval, hold: Bool, to connection: Int32) {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
        guard writeAll(Data(head.utf8), to: connection) else { return }
        let frame = Data(String(chunk.count, radix: 16).utf8) + Data("\r\n".utf8) + chunk + Data("\r\n".utf8)
        for index in 0..<count {
            if index == 1 && hold { _ = release.wait(timeout: .now() + Self.holdLimit) }
            if index > 0 { Thread.sleep(forTimeInterval: interval) }
            guard writeAll(frame, to: connection) else {
                lock.lock()
                streamed.clientHungUp = Date()
                lock.unlock()
                return
            }
            lock.lock()
            streamed.chunks += 1
            lock.unlock()
        }
        _ = writeAll(Data("0\r\n\r\n".utf8), to: connection)
    }

    /// Writes every byte, without SIGPIPE when the client has gone; false when it has.
    private func writeAll(_ bytes: Data, to connection: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let written = send(connection, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    let written = write(connection, base + offset, buffer.count - offset)
                #endif
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
    }

    /// Reads until the blank line that ends the request's head (bodies are ignored).
    private func readHead(_ connection: Int32) {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while read(connection, &byte, 1) == 1 {
            head.append(byte)
            if head.suffix(4) == [13, 10, 13, 10] { return }
        }
    }

    private func hangUp(_ connection: Int32) {
        lock.lock()
        // `stop()` may have closed it already; a descriptor is closed exactly once.
        let isOpen = connections.contains(connection)
        connections.removeAll { $0 == connection }
        lock.unlock()
        guard isOpen else { return }
        shutdown(connection, Int32(SHUT_RDWR))
        close(connection)
    }

    /// Closes the listener and every open connection.
    public func stop() {
        lock.lock()
        if stopped {
            lock.unlock()
            return
        }
        stopped = true
        let open = connections
        connections = []
        lock.unlock()
        for connection in open {
            shutdown(connection, Int32(SHUT_RDWR))
            close(connection)
        }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }
}
