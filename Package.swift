// swift-tools-version: 6.2
import PackageDescription

/// Settings every target of ours shares: strict imports and explicit existentials.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Generated code, and code written against it, must compile without a single warning.
let clientSettings: [SwiftSetting] = strictSettings + [.treatAllWarnings(as: .error)]

/// Generated clients also compile within a type-checking budget: an expression or function body that takes the type
/// checker over 100 ms is a warning, and so an error.
let generatedClientSettings: [SwiftSetting] =
    clientSettings + [
        .unsafeFlags([
            "-Xfrontend", "-warn-long-expression-type-checking=100",
            "-Xfrontend", "-warn-long-function-bodies=100",
        ])
    ]

let package = Package(
    name: "Specgen",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "specgen", targets: ["specgen"]),
        .executable(name: "specgen-mock", targets: ["specgen-mock"]),
        .executable(name: "specgen-demo", targets: ["specgen-demo"]),
        .library(name: "SpecgenMock", targets: ["SpecgenMock", "SpecgenMockServer", "SpecgenWire"]),
        // Signed webhook deliveries of a spec's events, for testing a receiver (specgen-mock --deliver).
        .library(name: "SpecgenMockWebhooks", targets: ["SpecgenMockWebhooks"]),
        .library(name: "SpecgenRuntime", targets: ["SpecgenRuntime"]),
        // TracingMiddleware: spans through the app's swift-distributed-tracing tracer; only an app that traces
        // builds swift-distributed-tracing.
        .library(name: "SpecgenTracing", targets: ["SpecgenTracing"]),
        // Checks and decodes webhook deliveries; only a client whose spec declares webhooks depends on it.
        .library(name: "SpecgenWebhooks", targets: ["SpecgenWebhooks"]),
        // What every Transport must do, over real sockets: the AsyncHTTPClient package and custom transports run it.
        .library(name: "SpecgenTransportChecks", targets: ["SpecgenTransportChecks"]),
        .plugin(name: "SpecgenPlugin", targets: ["SpecgenPlugin"]),
        .plugin(name: "GenerateClients", targets: ["GenerateClients"]),
        // The five generated clients.
        .library(name: "Chatist", targets: ["Chatist"]),
        .library(name: "DocumentAI", targets: ["DocumentAI"]),
        .library(name: "Gista", targets: ["Gista"]),
        .library(name: "Joyfill", targets: ["Joyfill"]),
        .library(name: "Keyz", targets: ["Keyz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
        // The runtime logs through the app's swift-log Logger; SpecgenTracing traces through the app's tracer.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.0"),
        // `swift package generate-documentation --target Chatist`: .ci/docs builds every module's documentation.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // A small dependency-free HTTP server: specgen-mock serves with it, and runtime tests use it for real sockets.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.20.0"),
        // HMAC-SHA256 for webhook signatures (CryptoKit's API, on every platform); built only with SpecgenWebhooks.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.0"..<"5.0.0"),
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
        .target(name: "SpecgenEmitter", dependencies: ["SpecgenSpec"], swiftSettings: strictSettings),
        // Writes a spec as YAML text: the importer and the fuzzers write specs; the build plugin's tool never does.
        .target(name: "SpecgenSpecWriter", dependencies: ["SpecgenSpec"], swiftSettings: strictSettings),
        .target(
            name: "SpecgenSurface", dependencies: ["SpecgenSpec", "SpecgenEmitter"], swiftSettings: strictSettings),
        .target(
            name: "SpecgenDiff",
            dependencies: [
                "SpecgenYAML", "SpecgenSpec", "SpecgenSpecWriter", "SpecgenEmitter", "SpecgenSurface", "SpecgenWire",
            ],
            swiftSettings: strictSettings),
        // What every server and client of a spec agrees on: values that fit its types, how a server judges a
        // request, how the generated client decodes an answer. The mock answers with it; the diff proves with it.
        .target(name: "SpecgenWire", dependencies: ["SpecgenSpec"], swiftSettings: strictSettings),
        .target(
            name: "SpecgenOpenAPI", dependencies: ["SpecgenYAML", "SpecgenSpec", "SpecgenSpecWriter"],
            swiftSettings: strictSettings),
        // `specgen generate` and what the other subcommands share; specgen-generate, the build plugins' tool, is
        // that subcommand alone, so a package using the plugins never builds the diff, the importer or the mock.
        .target(
            name: "SpecgenCommands",
            dependencies: ["SpecgenSpec", "SpecgenEmitter"],
            swiftSettings: strictSettings
        ),
        // Parses its few arguments itself: an app that adds the plugin never compiles an argument parser.
        .executableTarget(name: "specgen-generate", dependencies: ["SpecgenCommands"], swiftSettings: strictSettings),
        .executableTarget(
            name: "specgen",
            dependencies: [
                "SpecgenCommands",
                "SpecgenYAML",
                "SpecgenSpec",
                "SpecgenEmitter",
                "SpecgenSurface",
                "SpecgenDiff",
                "SpecgenOpenAPI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),

        .plugin(name: "SpecgenPlugin", capability: .buildTool(), dependencies: ["specgen-generate"]),
        .plugin(
            name: "GenerateClients",
            capability: .command(
                intent: .custom(
                    verb: "generate-clients",
                    description: "Write each spec's client into a folder, or check it is up to date."),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated clients into the package.")]
            ),
            dependencies: ["specgen-generate"]
        ),

        // MARK: Runtime
        // On Linux, a leak-free version of the host check FoundationNetworking runs before every URLSession request
        // (Sources/CURLSessionFixes/HostCheck.c; Docs/Runtime.md, "Calls in flight, and memory over a long run").
        .target(name: "CURLSessionFixes"),
        .target(
            name: "SpecgenRuntime",
            dependencies: [
                .target(name: "CURLSessionFixes", condition: .when(platforms: [.linux])),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "SpecgenTracing",
            dependencies: [
                "SpecgenRuntime", .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: strictSettings
        ),

        .target(
            name: "SpecgenWebhooks",
            dependencies: [
                "SpecgenRuntime", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: Generated clients (Sources/<Name>/ holds the handwritten part; the plugin writes the rest)
        .target(
            name: "Chatist", dependencies: ["SpecgenRuntime"], swiftSettings: generatedClientSettings,
            plugins: ["SpecgenPlugin"]),
        .target(
            name: "DocumentAI", dependencies: ["SpecgenRuntime"], swiftSettings: generatedClientSettings,
            plugins: ["SpecgenPlugin"]),
        .target(
            name: "Gista", dependencies: ["SpecgenRuntime"], swiftSettings: generatedClientSettings,
            plugins: ["SpecgenPlugin"]),
        .target(
            name: "Joyfill", dependencies: ["SpecgenRuntime"], swiftSettings: generatedClientSettings,
            plugins: ["SpecgenPlugin"]),
        .target(
            name: "Keyz", dependencies: ["SpecgenRuntime"], swiftSettings: generatedClientSettings,
            plugins: ["SpecgenPlugin"]),

        // MARK: Mock server and examples (the build plugins' tool, specgen-generate, never links a server)
        .target(
            name: "SpecgenMock",
            dependencies: [
                "SpecgenSpec", "SpecgenWire", "SpecgenRuntime",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings),
        .target(
            name: "SpecgenMockServer",
            dependencies: ["SpecgenMock", "SpecgenWire", .product(name: "FlyingFox", package: "FlyingFox")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "SpecgenMockWebhooks", dependencies: ["SpecgenSpec", "SpecgenWire", "SpecgenWebhooks"],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "specgen-mock",
            dependencies: [
                "SpecgenMock", "SpecgenWire", "SpecgenMockServer", "SpecgenSpec", "SpecgenOpenAPI",
                "SpecgenMockWebhooks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // The five documented app flows, written against the generated clients as an app would.
        .target(
            name: "ExampleFlows",
            dependencies: ["Chatist", "DocumentAI", "Gista", "Joyfill", "Keyz", "SpecgenRuntime"],
            path: "Examples/Flows",
            swiftSettings: clientSettings
        ),
        .executableTarget(
            name: "specgen-demo",
            dependencies: [
                "ExampleFlows", "SpecgenMock", "SpecgenWire", "SpecgenMockServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/Demo",
            swiftSettings: strictSettings
        ),

        // MARK: Fuzzing (Benchmarks/fuzz.sh builds specgen-fuzz with libFuzzer; the tests replay the corpus)
        .target(
            name: "SpecgenFuzzing",
            dependencies: [
                "SpecgenYAML", "SpecgenSpec", "SpecgenSpecWriter", "SpecgenEmitter", "SpecgenMock", "SpecgenWire",
                "SpecgenOpenAPI", "SpecgenDiff",
                "SpecgenRuntime", "Chatist", "DocumentAI", "Gista", "Joyfill", "Keyz",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "specgen-fuzz", dependencies: ["SpecgenFuzzing"], swiftSettings: strictSettings),

        // MARK: Tests
        .target(
            name: "SpecgenTestSupport",
            dependencies: [
                .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/SpecgenTestSupport",
            swiftSettings: strictSettings
        ),
        .target(
            name: "SpecgenTransportChecks",
            dependencies: [
                "SpecgenRuntime", "SpecgenTestSupport", .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Tests/SpecgenTransportChecks",
            swiftSettings: strictSettings
        ),
        .testTarget(name: "SpecgenYAMLTests", dependencies: ["SpecgenYAML"], swiftSettings: strictSettings),
        .testTarget(
            name: "SpecgenSpecTests",
            dependencies: ["SpecgenSpec", "SpecgenYAML", "SpecgenTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SpecgenEmitterTests",
            dependencies: ["SpecgenEmitter", "SpecgenSpec", "SpecgenSpecWriter", "SpecgenTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SpecgenOpenAPITests",
            dependencies: [
                "SpecgenOpenAPI", "SpecgenEmitter", "SpecgenSpec", "SpecgenYAML", "SpecgenRuntime",
                "SpecgenTestSupport", "SpecgenFuzzing",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SpecgenCLITests",
            dependencies: [
                "specgen", "SpecgenSurface", "SpecgenDiff", "SpecgenEmitter", "SpecgenMock", "SpecgenWire",
                "SpecgenOpenAPI",
                "SpecgenSpec", "SpecgenRuntime", "SpecgenTestSupport", "SpecgenFuzzing",
            ],
            swiftSettings: strictSettings
        ),
        // A client generated from hostile names and descriptions: it must compile without warnings.
        .target(
            name: "SpecgenFixtureHostileNames",
            dependencies: ["SpecgenRuntime"],
            path: "Tests/Fixtures/HostileNames",
            exclude: ["HostileNames.yaml"],
            swiftSettings: generatedClientSettings,
            plugins: ["SpecgenPlugin"]
        ),
        // A client whose listings page in every style: walked against specgen-mock in SpecgenMockTests.
        .target(
            name: "SpecgenFixtureShelf",
            dependencies: ["SpecgenRuntime"],
            path: "Tests/Fixtures/Shelf",
            exclude: ["Shelf.yaml"],
            swiftSettings: generatedClientSettings,
            plugins: ["SpecgenPlugin"]
        ),
        // A client for the auth schemes, servers and streams of real APIs: run against specgen-mock in SpecgenMockTests.
        .target(
            name: "SpecgenFixtureRelay",
            dependencies: ["SpecgenRuntime", "SpecgenWebhooks"],
            path: "Tests/Fixtures/Relay",
            exclude: ["Relay.yaml"],
            swiftSettings: generatedClientSettings,
            plugins: ["SpecgenPlugin"]
        ),
        // A payments API written the way real ones are: unions, composition, open objects and the rest of the data
        // shapes, called endpoint by endpoint against specgen-mock in SpecgenMockTests.
        .target(
            name: "SpecgenFixtureLedger",
            dependencies: ["SpecgenRuntime"],
            path: "Tests/Fixtures/Ledger",
            exclude: ["Ledger.yaml"],
            swiftSettings: generatedClientSettings,
            plugins: ["SpecgenPlugin"]
        ),
        // A client imported from an OpenAPI document (openapi.yaml), called operation by operation against
        // specgen-mock in SpecgenMockTests.
        .target(
            name: "SpecgenFixturePayDesk",
            dependencies: ["SpecgenRuntime"],
            path: "Tests/Fixtures/PayDesk",
            exclude: ["PayDesk.yaml", "openapi.yaml", "import-warnings.txt"],
            swiftSettings: generatedClientSettings,
            plugins: ["SpecgenPlugin"]
        ),
        .testTarget(
            name: "GeneratedClientTests",
            dependencies: [
                "Chatist", "DocumentAI", "Gista", "Joyfill", "Keyz", "SpecgenFixtureHostileNames", "SpecgenRuntime",
                "SpecgenTestSupport", "SpecgenTracing", .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: clientSettings
        ),
        .testTarget(
            name: "SpecgenMockTests",
            dependencies: [
                "specgen-mock", "SpecgenMock", "SpecgenWire", "SpecgenMockServer", "SpecgenSpec", "SpecgenOpenAPI",
                "ExampleFlows",
                "SpecgenTestSupport", "Chatist", "DocumentAI", "Gista", "Joyfill", "Keyz", "SpecgenFixtureShelf",
                "SpecgenFixtureRelay", "SpecgenFixtureLedger", "SpecgenFixturePayDesk", "SpecgenRuntime",
                "SpecgenFuzzing", "SpecgenWebhooks", "SpecgenMockWebhooks",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SpecgenFuzzingTests",
            dependencies: ["SpecgenFuzzing", "SpecgenTestSupport"],
            swiftSettings: strictSettings
        ),
        // Heap bytes per call, counted in a process of its own (RuntimeMemoryTests runs it).
        .target(name: "CHeapCounter", path: "Tests/CHeapCounter"),
        .executableTarget(
            name: "runtime-memory-check",
            dependencies: [
                "SpecgenRuntime", "CHeapCounter", .product(name: "HTTPTypes", package: "swift-http-types"),
                .target(name: "CURLSessionFixes", condition: .when(platforms: [.linux])),
            ],
            path: "Tests/RuntimeMemoryCheck",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SpecgenWebhooksTests",
            dependencies: ["SpecgenWebhooks", "SpecgenTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SpecgenRuntimeTests",
            dependencies: [
                "SpecgenRuntime", "SpecgenTestSupport", "SpecgenTracing", "SpecgenTransportChecks",
                "runtime-memory-check",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
