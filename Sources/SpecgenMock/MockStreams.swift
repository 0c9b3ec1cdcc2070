import Foundation
import SpecgenSpec
import SpecgenWire

/// Serves a streamed response as a real server frames it: ``itemCount`` Server-Sent Events (each with an `id:`,
/// then the spec's terminator), ``itemCount`` JSON lines, or the bytes of a small file.
enum MockStreams {
    /// How many events or lines a stream carries.
    static let itemCount = 3

    static func answer(
        _ stream: StreamedBody, status: Int, endpoint: Endpoint, item: (TypeRef) -> SpecValue
    ) -> MockResponse {
        var text = ""
        switch stream.format {
        case .events:
            for index in 1...itemCount {
                let data = stream.item.map { JSONText.encode(item($0)) } ?? "\(endpoint.name) event \(index)"
                text += "id: \(index)\n" + (stream.item == nil ? "event: message\n" : "") + "data: \(data)\n\n"
            }
            if let terminator = stream.terminator { text += "data: \(terminator)\n\n" }
        case .lines:
            for _ in 1...itemCount {
                text += (stream.item.map { JSONText.encode(item($0)) } ?? "{}") + "\n"
            }
        case .bytes:
            text = "\(endpoint.name) bytes"
        }
        return MockResponse(
            status: status, headers: [("Content-Type", stream.format.contentType), ("Cache-Control", "no-cache")],
            body: Data(text.utf8))
    }
}
