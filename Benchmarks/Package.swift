// swift-tools-version: 6.2
// Benchmarks for Specgen, side by side with swift-openapi-generator on the same APIs.
//
// A separate package so the main one never depends on the peer (see `Benchmarks/README.md`). `Benchmarks/run.py`
// measures whole processes and compiles; this package builds the peer's CLI, the peer's clients of Chatist and Keyz
// (from the OpenAPI documents `specgen export-openapi` writes) and `RuntimeBenchmarks`, which package-benchmark runs
// (`swift package benchmark`): one call through each client and through the same call written by hand.
import Foundation
import PackageDescription

/// The main package's identity, which SwiftPM derives from the name of the folder it is cloned into.
let specgen = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "SpecgenBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(path: "../Packages/SpecgenAsyncHTTPClient"),
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "PeerChatist",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .target(
            name: "PeerKeyz",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .target(name: "Handwritten"),
        // The three calls through each implementation.
        .target(
            name: "RuntimeCalls",
            dependencies: [
                "PeerChatist", "PeerKeyz", "Handwritten",
                .product(name: "Chatist", package: specgen),
                .product(name: "Keyz", package: specgen),
                .product(name: "SpecgenRuntime", package: specgen),
                // Built for the corpus run: imported clients of documents with webhooks compile against it.
                .product(name: "SpecgenWebhooks", package: specgen),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // A large download, streamed through URLSessionTransport or AsyncHTTPClientTransport: peak memory.
        .executableTarget(
            name: "download-bench",
            dependencies: [
                .product(name: "SpecgenRuntime", package: specgen),
                .product(name: "SpecgenAsyncHTTPClient", package: "SpecgenAsyncHTTPClient"),
            ]
        ),
        // glibc's count of heap bytes in use, for soak-bench: a link to the main package's Tests/CHeapCounter.
        .target(name: "CHeapBytes"),
        // Memory and latency over a long run: N calls through the generated Chatist client against soak-server, a
        // SwiftNIO server that keeps up (`Benchmarks/soak.py` runs both).
        .executableTarget(
            name: "soak-bench",
            dependencies: [
                "CHeapBytes",
                .product(name: "Chatist", package: specgen),
                .product(name: "SpecgenRuntime", package: specgen),
                .product(name: "SpecgenAsyncHTTPClient", package: "SpecgenAsyncHTTPClient"),
            ]
        ),
        .executableTarget(
            name: "soak-server",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // package-benchmark finds benchmark targets in folders whose parent is named `Benchmarks`, as this one is.
        .executableTarget(
            name: "RuntimeBenchmarks",
            dependencies: ["RuntimeCalls", .product(name: "Benchmark", package: "benchmark")],
            path: "RuntimeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
