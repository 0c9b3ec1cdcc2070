// swift-tools-version: 6.2
import PackageDescription

// A Transport over swift-server/async-http-client, in a package of its own so that SwiftNIO is built only by the apps
// that ask for it: the main package never depends on this one.
let package = Package(
    name: "SpecgenAsyncHTTPClient",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "SpecgenAsyncHTTPClient", targets: ["SpecgenAsyncHTTPClient"])
    ],
    dependencies: [
        // The repository's root package: the runtime, and the transport checks every transport passes.
        .package(name: "Specgen", path: "../.."),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
    ],
    targets: [
        .target(
            name: "SpecgenAsyncHTTPClient",
            dependencies: [
                .product(name: "SpecgenRuntime", package: "Specgen"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .treatAllWarnings(as: .error),
            ]
        ),
        .testTarget(
            name: "SpecgenAsyncHTTPClientTests",
            dependencies: [
                "SpecgenAsyncHTTPClient",
                .product(name: "SpecgenRuntime", package: "Specgen"),
                .product(name: "SpecgenTransportChecks", package: "Specgen"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
    ]
)
