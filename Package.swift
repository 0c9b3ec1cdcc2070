// swift-tools-version: 6.1
import PackageDescription

/// Settings every target of ours shares: strict imports and explicit existentials.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Specgen",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "specgen", targets: ["specgen"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: Generator
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "SpecgenYAML", dependencies: ["CYAML"], swiftSettings: strictSettings),
        .target(name: "SpecgenSpec", dependencies: ["SpecgenYAML"], swiftSettings: strictSettings),
        .executableTarget(
            name: "specgen",
            dependencies: [
                "SpecgenYAML",
                "SpecgenSpec",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: Tests
        .target(
            name: "SpecgenTestSupport",
            dependencies: [],
            path: "Tests/SpecgenTestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(name: "SpecgenYAMLTests", dependencies: ["SpecgenYAML"], swiftSettings: strictSettings),
        .testTarget(
            name: "SpecgenSpecTests",
            dependencies: ["SpecgenSpec", "SpecgenYAML", "SpecgenTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SpecgenCLITests",
            dependencies: ["specgen", "SpecgenTestSupport"],
            swiftSettings: strictSettings
        ),
    ]
)
