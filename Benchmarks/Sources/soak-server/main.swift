// A loopback HTTP/1.1 server on SwiftNIO for `soak-bench`: it answers `GET /tickets/{id}` with a Chatist ticket
// whose `id` is the one asked for, so the client can check that every answer is its own, and anything else with 404.
// It keeps connections alive, runs one event loop per core and prints its URL on the first line of its output.
//
// Usage: soak-server [--port 0] [--threads N]
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

let arguments = CommandLine.arguments
let port = arguments.firstIndex(of: "--port").flatMap { Int(arguments[$0 + 1]) } ?? 0
let threads = arguments.firstIndex(of: "--threads").flatMap { Int(arguments[$0 + 1]) } ?? System.coreCount

/// The ticket body around its ID: 20 messages and two schedules, as the runtime benchmarks decode.
enum TicketBody {
    static let messages = (0..<20).map { index in
        """
        {"id":"msg_\(index)","ticketId":"ticket","sender":{"id":"agent_\(index % 3)","name":"Agent \(index % 3)"},\
        "content":"Message number \(index): thanks for waiting, we are looking into the problem you reported.",\
        "isRead":\(index % 2 == 0),"timestamp":"2025-01-0\(1 + index % 9)T12:\(10 + index):00Z",\
        "attachments":["https://cdn.chatist.app/a/\(index)-1.png","https://cdn.chatist.app/a/\(index)-2.png"]}
        """
    }.joined(separator: ",")
    static let schedules = #"{"id":"sch_0","action":"follow-up","scheduledAt":"2025-02-01T09:00:00Z"}"#
    static let prefix = Array(#"{"id":""#.utf8)
    static let suffix = Array(
        (#"","state":"open","assignee":"Ada","messages":["# + messages + #"],"schedules":["# + schedules + "]}").utf8)
}

/// Answers each request once its end has arrived.
final class TicketHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var head: HTTPRequestHead?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break
        case .end:
            guard let head else { return }
            self.head = nil
            respond(to: head, context: context)
        }
    }

    private func respond(to request: HTTPRequestHead, context: ChannelHandlerContext) {
        let path = request.uri.split(separator: "?", maxSplits: 1).first ?? ""
        let parts = path.split(separator: "/")
        var buffer = context.channel.allocator.buffer(capacity: 3072)
        var status = HTTPResponseStatus.ok
        if request.method == .GET, parts.count == 2, parts[0] == "tickets" {
            buffer.writeBytes(TicketBody.prefix)
            buffer.writeSubstring(parts[1])
            buffer.writeBytes(TicketBody.suffix)
        } else {
            status = .notFound
            buffer.writeString(#"{"error":"not_found"}"#)
        }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "Content-Length", value: String(buffer.readableBytes))
        let keepAlive = request.isKeepAlive
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: request.version, status: status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        let done = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: done)
        if !keepAlive {
            let channel = context.channel
            done.futureResult.whenComplete { _ in channel.close(promise: nil) }
        }
    }
}

let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
let bootstrap = ServerBootstrap(group: group)
    .serverChannelOption(.backlog, value: 1024)
    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
    .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
    .childChannelInitializer { channel in
        channel.pipeline.configureHTTPServerPipeline(withErrorHandling: true).flatMap {
            channel.pipeline.addHandler(TicketHandler())
        }
    }
let channel = try bootstrap.bind(host: "127.0.0.1", port: port).wait()
guard let bound = channel.localAddress?.port else {
    FileHandle.standardError.write(Data("soak-server: no local port\n".utf8))
    exit(1)
}
FileHandle.standardOutput.write(Data("http://127.0.0.1:\(bound)\n".utf8))
try channel.closeFuture.wait()
