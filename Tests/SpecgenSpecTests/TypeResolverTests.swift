import Testing

@testable import SpecgenSpec

/// The one resolver every stage asks: what a type stands for, how it travels, what a body holds, what a type reaches.
struct TypeResolverTests {
    static let location = SourceLocation(path: "spec.yaml", line: 1, column: 1)

    static func field(_ name: String, _ type: TypeRef) -> Field {
        Field(wireName: name, type: type, location: location)
    }

    /// `Status` is an enum; `Name` and `Names` are aliases (one with a constraint); `Ticket` holds `Author`;
    /// `Loop` is an alias that refers to itself.
    static let resolver = TypeResolver(models: [
        Model(name: "Status", kind: .enumeration([EnumValue(value: "open", location: location)]), location: location),
        Model(name: "Name", kind: .alias(.primitive(.string), Constraints(minLength: 1)), location: location),
        Model(name: "Names", kind: .alias(.array(.named("Name")), Constraints(maxItems: 3)), location: location),
        Model(name: "Upload", kind: .alias(.primitive(.file), Constraints()), location: location),
        Model(name: "Author", kind: .object([field("name", .named("Name"))]), location: location),
        Model(
            name: "Ticket", kind: .object([field("author", .named("Author")), field("status", .named("Status"))]),
            location: location),
        Model(name: "TicketRef", kind: .alias(.named("Ticket"), Constraints()), location: location),
        Model(name: "Loop", kind: .alias(.named("Loop"), Constraints()), location: location),
    ])

    @Test(arguments: [
        (TypeRef.primitive(.string), PartKind.text), (.primitive(.int64), .text), (.primitive(.datetime), .text),
        (.primitive(.bytes), .text), (.named("Status"), .text), (.named("Name"), .text), (.primitive(.json), .json),
        (.named("Ticket"), .json), (.named("TicketRef"), .json), (.array(.primitive(.string)), .json),
        (.named("Names"), .json), (.map(.primitive(.int)), .json), (.primitive(.file), .file),
        (.named("Upload"), .file),
        (.array(.named("Upload")), .files), (.array(.primitive(.file)), .files), (.primitive(.binary), .json),
    ])
    func partKind(type: TypeRef, expected: PartKind) {
        #expect(Self.resolver.partKind(type) == expected)
    }

    @Test(arguments: [
        (TypeRef.primitive(.string), true, false), (.named("Status"), true, false), (.named("Name"), true, false),
        (.primitive(.json), false, false), (.named("Ticket"), false, false), (.named("Names"), false, true),
        (.array(.named("Status")), false, true), (.array(.named("Ticket")), false, false),
        (.named("Loop"), false, false),
    ])
    func scalars(type: TypeRef, isScalar: Bool, isScalarArray: Bool) {
        #expect(Self.resolver.isScalar(type) == isScalar)
        #expect(Self.resolver.isScalarArray(type) == isScalarArray)
    }

    @Test func aliasesResolveWithTheirConstraintsOutermostFirst() {
        let (type, constraints) = Self.resolver.resolved(.named("Names"))
        #expect(type == .array(.named("Name")))
        #expect(constraints == [Constraints(maxItems: 3)])
        #expect(Self.resolver.resolved(.named("Name")).constraints == [Constraints(minLength: 1)])
        #expect(Self.resolver.shape(of: .named("TicketRef")) == .object(Self.resolver.model(named: "Ticket")!))
        #expect(Self.resolver.shape(of: .named("Loop")) == .unresolved)
        #expect(Self.resolver.shape(of: .named("Missing")) == .unresolved)
    }

    @Test func filesTravelOnlyAsPartsOrRawBodies() {
        #expect(Self.resolver.isFile(.array(.named("Upload"))))
        #expect(!Self.resolver.isFile(.map(.primitive(.file))))
        #expect(Self.resolver.containsFile(.map(.array(.primitive(.binary)))))
        #expect(!Self.resolver.containsFile(.named("Ticket")))
    }

    @Test func bodyFieldsAreInlineOrTheModelsThroughAliases() {
        let inline = RequestBody(
            encoding: .form, content: .fields([Self.field("q", .primitive(.string))]),
            location: Self.location)
        let model = RequestBody(encoding: .multipart, content: .type(.named("TicketRef")), location: Self.location)
        let array = RequestBody(encoding: .json, content: .type(.named("Names")), location: Self.location)
        #expect(Self.resolver.fields(of: inline)?.map(\.wireName) == ["q"])
        #expect(Self.resolver.fields(of: model)?.map(\.wireName) == ["author", "status"])
        #expect(Self.resolver.fields(of: array) == nil)
    }

    @Test func reachabilityFollowsPropertiesAliasesArraysAndMaps() {
        let reach = ModelReach(Self.resolver.allModels)
        #expect(
            reach.strings(reach.names(from: [.array(.named("TicketRef"))]))
                == ["TicketRef", "Ticket", "Author", "Name", "Status"])
        #expect(reach.strings(reach.names(from: [.map(.named("Names"))])) == ["Names", "Name"])
        #expect(reach.strings(reach.names(from: [.primitive(.string)])).isEmpty)
    }

    @Test func reachabilityGoesAroundCyclesAndIntoUnions() {
        let models = [
            Model(
                name: "Node", kind: .object([Self.field("children", .array(.named("Child")))]), location: Self.location),
            Model(name: "Child", kind: .object([Self.field("parent", .named("Node"))]), location: Self.location),
            Model(
                name: "Shape",
                kind: .union(Union(variants: [UnionVariant(type: .named("Node"), location: Self.location)])),
                location: Self.location),
            Model(name: "Leaf", kind: .object([Self.field("label", .named("Undeclared"))]), location: Self.location),
        ]
        let reach = ModelReach(models)
        #expect(reach.strings(reach.names(from: [.named("Child")])) == ["Node", "Child"])
        #expect(reach.strings(reach.names(from: [.named("Shape")])) == ["Shape", "Node", "Child"])
        #expect(reach.strings(reach.names(from: [.named("Leaf")])) == ["Leaf", "Undeclared"])
        #expect(reach.contains(reach.names(from: [.named("Shape")]), "Child"))
        #expect(!reach.contains(reach.names(from: [.named("Child")]), "Shape"))
    }

    @Test func usageSplitsRequestsFromResponsesPerOperation() {
        let spec = Spec(
            name: "Shop", version: "1",
            errors: [
                ErrorResponse(status: .code(404), caseName: "notFound", body: .named("Status"), location: Self.location)
            ],
            models: Self.resolver.allModels,
            endpoints: [
                Endpoint(
                    name: "rename", method: .post, path: "/a", requestLocation: Self.location,
                    body: RequestBody(encoding: .json, content: .type(.named("Author")), location: Self.location),
                    responses: [ResponseCase(status: .code(204), body: .empty, location: Self.location)],
                    location: Self.location),
                Endpoint(
                    name: "list", method: .get, path: "/b", requestLocation: Self.location,
                    responses: [
                        ResponseCase(
                            status: .code(200), body: .json(.array(.named("Ticket"))),
                            location: Self.location)
                    ],
                    location: Self.location),
            ],
            location: Self.location)
        let usage = ModelUsage(spec)
        #expect(usage.requestModels == ["Author", "Name"])
        #expect(usage.responseModels == ["Status", "Ticket", "Author", "Name"])
        #expect(usage.operations(using: "Author") == ["list", "rename"])
        #expect(usage.operations(using: "Status") == ["list", "rename"])
        #expect(usage.operations(using: "Upload").isEmpty)
    }
}

struct GeneratedNamesTests {
    @Test(arguments: [
        (
            "chatist",
            [
                "Chatist", "ChatistAPI", "ChatistClient", "ChatistMock", "ChatistError", "ChatistRequests",
                "ChatistServer",
            ]
        ),
        (
            "pdf_tools",
            [
                "PDFTools", "PDFToolsAPI", "PDFToolsClient", "PDFToolsMock", "PDFToolsError",
                "PDFToolsRequests", "PDFToolsServer",
            ]
        ),
    ])
    func namesComeFromTheAPIName(api: String, expected: [String]) {
        let names = GeneratedNames(apiName: api)
        #expect([names.module] + names.roles.map(\.name) == expected)
    }

    @Test(arguments: [
        ("registerUser", true, "RegisterUserError"), ("get-things", true, "GetThingsError"), ("ping", false, nil),
    ])
    func errorTypeNames(operation: String, hasErrors: Bool, expected: String?) {
        let location = SourceLocation(path: "spec.yaml", line: 1, column: 1)
        let errors = hasErrors ? [ErrorResponse(status: .code(400), caseName: "bad", location: location)] : []
        let endpoint = Endpoint(
            name: operation, method: .get, path: "/", requestLocation: location, errors: errors,
            location: location)
        #expect(Namer().errorTypeName(of: endpoint) == expected)
    }

    @Test(arguments: [
        ("default", nil, "`default`", "default"), ("ticket_id", nil, "ticketID", "ticketID"),
        ("x", "class", "`class`", "class"), ("x", "renamed", "renamed", "renamed"),
    ])
    func fieldNames(wire: String, custom: String?, swift: String, bare: String) {
        let field = Field(
            wireName: wire, swiftName: custom, type: .primitive(.string),
            location: SourceLocation(path: "spec.yaml", line: 1, column: 1))
        #expect(Namer().swiftName(of: field) == swift)
        #expect(Namer().bareSwiftName(of: field) == bare)
    }
}

extension TypeResolver {
    /// The models the resolver was made from, for building a spec around them in tests.
    fileprivate var allModels: [Model] {
        ["Status", "Name", "Names", "Upload", "Author", "Ticket", "TicketRef", "Loop"].compactMap(model(named:))
    }
}
