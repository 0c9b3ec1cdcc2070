// swift-tools-version: 6.2
import PackageDescription

// An app's package as an app team writes one: a target whose default isolation is the main actor (an Xcode 26 app
// target's), with the Shelf client the build plugin generates into it, `internal` and cut to the two operations the
// app calls, as its specgen-options.yaml asks. The main package never depends on it; .ci/packages tests it.
let package = Package(
    name: "AppTarget",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "Specgen", path: "../.."),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
    ],
    targets: [
        .target(
            name: "ShelfApp",
            dependencies: [.product(name: "SpecgenRuntime", package: "Specgen")],
            exclude: ["ShelfApp.yaml", "specgen-options.yaml"],
            swiftSettings: [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .treatAllWarnings(as: .error),
            ],
            plugins: [.plugin(name: "SpecgenPlugin", package: "Specgen")]
        ),
        .testTarget(
            name: "ShelfAppTests",
            dependencies: [
                "ShelfApp", .product(name: "SpecgenRuntime", package: "Specgen"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ]
)
