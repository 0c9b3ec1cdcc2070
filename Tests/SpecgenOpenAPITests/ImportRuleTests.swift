import SpecgenOpenAPI
import SpecgenSpec
import Testing

/// One test per kind of construct the import resolves before writing, each on its fixture, asserting the decision
/// in the spec model (the goldens show the text).
struct ImportRuleTests {
    static func imported(_ name: String) throws -> (spec: Spec, summary: ImportSummary) {
        let result = try ImportOpenAPITests.importCase(name)
        let text = try #require(result.spec)
        let spec = try #require(Spec.load(bytes: Array(text.utf8), path: "imported.yaml").spec)
        return (spec, result.summary)
    }

    /// The spec a document given as text imports as.
    static func imported(document: String) throws -> Spec {
        let result = OpenAPIImporter().importDocument(at: "openapi.yaml") { _ in Array(document.utf8) }
        let text = try #require(result.spec)
        return try #require(Spec.load(bytes: Array(text.utf8), path: "imported.yaml").spec)
    }

    /// A document given as text imported: the import's diagnostics as printed, its summary, and the spec it wrote,
    /// which must load with no diagnostic at all.
    static func importedCleanly(document: String) throws -> (diagnostics: [String], summary: ImportSummary, spec: Spec)
    {
        let result = OpenAPIImporter().importDocument(at: "openapi.yaml") { _ in Array(document.utf8) }
        let text = try #require(result.spec)
        let loaded = Spec.load(bytes: Array(text.utf8), path: "imported.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let spec = try #require(loaded.spec)
        return (result.diagnostics.map(\.description), result.summary, spec)
    }

    static func model(_ name: String, in spec: Spec) throws -> Model {
        try #require(spec.models.first { $0.name == name }, "no model '\(name)'")
    }

    /// The export's behaviour extensions come back as the spec's keys; a value the export would not write is left
    /// out with an `extension-value` warning that names where it is, and the spec still loads.
    @Test func behaviourExtensionsComeBackAndBadOnesAreNamed() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Tuned, version: "1"}
            x-specgen-retry: {maxAttempts: 4, initialDelay: 0.25, statuses: [503]}
            x-specgen-timeout: 20
            x-specgen-cache-policy: reloadIgnoringLocalCacheData
            paths:
              /a:
                post:
                  operationId: send
                  x-specgen-retry: false
                  x-specgen-idempotent: true
                  x-specgen-timeout: 5
                  responses: {"204": {description: Sent.}}
              /b:
                get:
                  operationId: fetch
                  x-specgen-retry: {maxAttempts: 0}
                  x-specgen-cache-policy: sometimes
                  x-specgen-timeout: soon
                  responses: {"204": {description: Fetched.}}
            """
        let result = OpenAPIImporter().importDocument(at: "openapi.yaml") { _ in Array(document.utf8) }
        #expect(result.summary.warnings["extension-value"] == 3)
        #expect(
            result.diagnostics.map(\.description) == [
                "openapi.yaml:17:24: warning: 'x-specgen-retry' is not a retry policy: left out (maxAttempts must be "
                    + "at least 1)",
                "openapi.yaml:18:31: warning: 'x-specgen-cache-policy' is not a cache policy: left out; use one of: "
                    + "useProtocolCachePolicy, reloadIgnoringLocalCacheData, returnCacheDataElseLoad, "
                    + "returnCacheDataDontLoad",
                "openapi.yaml:19:26: warning: 'x-specgen-timeout' is not a number of seconds: left out; write the "
                    + "timeout in seconds, such as 30",
            ])
        let text = try #require(result.spec)
        let spec = try #require(Spec.load(bytes: Array(text.utf8), path: "imported.yaml").spec)
        let retry = try #require(spec.retry)
        #expect(
            [retry.maxAttempts, Int(retry.initialDelay * 100), retry.statuses.first] == [4, 25, 503])
        #expect(spec.requestSettings == RequestSettings(timeout: 20, cachePolicy: .reloadIgnoringLocalCacheData))
        let send = try #require(spec.endpoints.first { $0.name == "send" })
        #expect(send.retry == .disabled)
        #expect(send.idempotent)
        #expect(send.requestSettings.timeout == 5)
        let fetch = try #require(spec.endpoints.first { $0.name == "fetch" })
        #expect(fetch.retry == nil)
        #expect(fetch.requestSettings == RequestSettings())
    }

    /// `x-specgen-paginate` and `x-specgen-poll` are read as the spec reads `paginate` and `poll`, and an endpoint's
    /// `x-specgen-retry` applies its keys over the document's; a value the spec refuses is left out with an
    /// `extension-value` warning that says why, and the spec still loads.
    @Test func theSpecsOwnWordsInExtensionsAreReadAsTheSpecReadsThem() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Jobs, version: "1"}
            x-specgen-retry: {maxAttempts: 5, statuses: [503]}
            paths:
              /jobs:
                get:
                  operationId: listJobs
                  x-specgen-paginate: {page: page, limit: size, items: jobs}
                  x-specgen-retry: {maxAttempts: 2}
                  parameters:
                    - {name: page, in: query, schema: {type: integer}}
                    - {name: size, in: query, schema: {type: integer}}
                  responses:
                    "200":
                      description: Jobs.
                      content:
                        application/json:
                          schema: {type: object, properties: {jobs: {type: array, items: {type: string}}}}
              /jobs/{id}:
                get:
                  operationId: getJob
                  x-specgen-paginate: {page: page}
                  x-specgen-poll: {name: waitForJob, field: state, success: [done], interval: 5}
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  responses:
                    "200":
                      description: A job.
                      content:
                        application/json:
                          schema: {type: object, required: [state], properties: {state: {type: string}}}
            """
        let imported = try Self.importedCleanly(document: document)
        #expect(
            imported.diagnostics == [
                "openapi.yaml:22:27: warning: 'x-specgen-paginate' is not what the spec reads there: left out "
                    + "('page' pagination at 'paginate' needs 'limit'); name the query parameter of the page size, "
                    + "e.g. 'limit: limit'; a short page is the last"
            ])
        let spec = imported.spec
        let list = try #require(spec.endpoints.first { $0.name == "listJobs" })
        #expect(list.pagination?.style == .page(parameter: "page", firstPage: 1))
        #expect(list.pagination?.limitParameter == "size")
        #expect(list.pagination?.itemsField == "jobs")
        guard case .policy(let retry)? = list.retry else {
            Issue.record("listJobs has no retry policy")
            return
        }
        #expect([retry.maxAttempts, retry.statuses.first] == [2, 503])
        let job = try #require(spec.endpoints.first { $0.name == "getJob" })
        #expect(job.pagination == nil)
        #expect(job.polling?.name == "waitForJob")
        #expect(job.polling?.interval == 5)
    }

    /// What the fuzzer found the import writing and lint refusing, each now left out or mended with a warning: a
    /// server URL no client can send to, an `x-specgen-case` that is no Swift name, a form field whose `$ref`
    /// resolves nowhere, and an `x-specgen-poll` whose field is not a string.
    @Test func whatLintWouldRefuseIsLeftOutOrMendedBeforeWriting() throws {
        let document = """
            openapi: 3.0.3
            info: {title: Mended, version: "1"}
            servers:
              - {url: 'https://api.example.com'}
              - {url: 'https://test.exampl%.com', description: Test}
            paths:
              /jobs/{id}:
                post:
                  operationId: startJob
                  x-specgen-poll: {name: waitForJob, field: state, success: [done]}
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema: {type: object, properties: {grant: {$ref: '#/components/schemas/Missing'}}}
                  responses:
                    "200":
                      description: The job.
                      content: {application/json: {schema: {type: object, properties: {state: {}}}}}
                    "409":
                      description: Busy.
                      x-specgen-case: "in use"
            """
        let imported = try Self.importedCleanly(document: document)
        #expect(
            imported.diagnostics == [
                "openapi.yaml:5:11: warning: the server URL 'https://test.exampl%.com' is not an absolute http(s) URL; "
                    + "server 'test' is not imported; write the server's URL as 'https://host/base/path'",
                "openapi.yaml:10:23: warning: 'x-specgen-poll' does not fit the operation: left out (polling field "
                    + "segment 'state' at 'endpoints.startJob.poll' is optional; polling needs a value every time)",
                "openapi.yaml:15:56: warning: $ref '#/components/schemas/Missing' points at nothing; skipped",
                "openapi.yaml:15:56: warning: $ref '#/components/schemas/Missing' points at nothing; typed as json; "
                    + "declare the schema it names",
                "openapi.yaml:15:56: warning: a value of any type in a form is sent as text",
                "openapi.yaml:22:27: warning: 'x-specgen-case' 'in use' is not an error case name the spec takes; "
                    + "the case is 'conflict'; write a lowerCamelCase Swift name, such as 'inUse'",
            ])
        let spec = imported.spec
        #expect(spec.servers.map(\.url) == ["https://api.example.com"])
        let job = try #require(spec.endpoints.first)
        #expect(job.polling == nil)
        #expect(job.errors.map(\.caseName) == ["conflict"])
        #expect(job.body?.content == .type(.named("StartJobRequest")))
        let form = try Self.model("StartJobRequest", in: spec)
        #expect(form.fields.map { "\($0.wireName): \($0.type)" } == ["grant: string"])
    }

    /// JSON is read by JSON's rules: C1 controls, U+2028, a surrogate pair escape and a key longer than YAML's
    /// 1,024-character simple keys all arrive intact.
    @Test func jsonCharactersArriveIntact() throws {
        let (spec, _) = try Self.imported("import-json-characters")
        #expect(
            spec.description == "C1 controls \u{85}\u{92}\u{9F}, a line separator \u{2028}, and an emoji 😀 escaped.")
        guard case .object(let fields) = try Self.model("Note", in: spec).kind else {
            Issue.record("Note is not a struct")
            return
        }
        #expect(fields.map(\.wireName) == ["city", String(repeating: "k", count: 1100)])
        #expect(fields.first?.example == .string("Gdańsk \u{9C}"))
    }

    /// Several lines are a literal block only when every line reads back the same; text with a carriage return,
    /// a tab or a control character is quoted with escapes. Either way the value reads back exactly.
    @Test func multiLineTextReadsBackExactly() throws {
        let document = #"""
            {"openapi": "3.1.0", "info": {"title": "Lines", "version": "1"}, "paths": {},
             "components": {"schemas": {"Address": {"type": "object",
               "description": "First line.\nSecond line.",
               "properties": {
                 "street": {"type": "string", "example": "Procurement Services\r\nGPO 1234\r\n\r\n"},
                 "note": {"type": "string", "example": "one\ntwo\n"},
                 "mixed": {"type": "string", "example": "a\nb\tc\u0085d"}}}}}}
            """#
        let result = OpenAPIImporter().importDocument(at: "openapi.json") { _ in Array(document.utf8) }
        let text = try #require(result.spec)
        #expect(text.contains("    description: |-\n      First line.\n      Second line.\n"))
        #expect(text.contains(#"example: "Procurement Services\r\nGPO 1234\r\n\r\n""#))
        let spec = try #require(Spec.load(bytes: Array(text.utf8), path: "imported.yaml").spec)
        let model = try Self.model("Address", in: spec)
        #expect(model.description == "First line.\nSecond line.")
        guard case .object(let fields) = model.kind else {
            Issue.record("Address is not a struct")
            return
        }
        #expect(
            fields.map(\.example) == [
                .string("Procurement Services\r\nGPO 1234\r\n\r\n"), .string("one\ntwo\n"), .string("a\nb\tc\u{85}d"),
            ])
    }

    /// Integer values are `value1`, `value0`, `valueMinus1` (1 and -1 no longer share `_1`); given names win.
    @Test func enumCasesHaveDistinctNames() throws {
        let (spec, _) = try Self.imported("import-enum-names")
        let namer = Namer()
        func cases(_ model: String) throws -> [String] {
            guard case .enumeration(let values) = try Self.model(model, in: spec).kind else { return [] }
            return values.map(namer.bareCaseName(of:))
        }
        #expect(try cases("Direction") == ["value1", "value0", "valueMinus1"])
        #expect(try cases("Level") == ["low", "high"])
        #expect(try cases("Kind") == ["aB", "aB2", "aB3"])
    }

    /// A schema named like a type the client generates keeps its name in the spec and gets another Swift name.
    @Test func modelsStepAsideFromGeneratedNames() throws {
        let (spec, summary) = try Self.imported("import-generated-names")
        #expect(spec.name == "Acme")
        #expect(try Self.model("AcmeError", in: spec).swiftName == "AcmeErrorModel")
        #expect(try Self.model("AcmeClient", in: spec).swiftName == "AcmeClientModel")
        #expect(try Self.model("CreatePetError", in: spec).swiftName == "CreatePetErrorModel")
        #expect(summary.warnings["generated-name"] == 3)
    }

    /// Operation objects and path items given by `$ref` (other files, chains) come in whole; a cycle is skipped and
    /// said.
    @Test func operationAndPathItemReferencesResolve() throws {
        let (spec, summary) = try Self.imported("import-operation-refs")
        #expect(spec.endpoints.map(\.name) == ["getAccount", "listItems", "createItem"])
        let account = try #require(spec.endpoints.first)
        #expect(account.queryParameters.map(\.wireName) == ["expand"])
        #expect(account.responses.first?.body.jsonType == .named("Account"))
        #expect(summary.documentOperations == 4)
        #expect(summary.skippedOperations == 1)
        #expect(summary.warnings["ref-cycle"] == 1)
    }

    /// An undeclared server variable is declared with its own name as default, so the URL stays a template.
    @Test func undeclaredServerVariablesAreDeclared() throws {
        let (spec, summary) = try Self.imported("import-server-variables")
        let live = try #require(spec.servers.first)
        #expect(live.variables.map(\.name) == ["version", "merchantAccount"])
        #expect(live.variables.map(\.defaultValue) == ["v1", "merchantAccount"])
        #expect(spec.servers.last?.variables.map(\.name) == ["region"])
        #expect(summary.warnings["server-variable"] == 2)
    }

    /// A server variable without a default, or with one that is not among its values, takes its first value (or
    /// its name), with a located warning, so the spec's server is one lint accepts.
    @Test func serverVariablesWithoutAUsableDefaultTakeOne() throws {
        let document = """
            openapi: 3.0.3
            info: {title: Regions, version: "1"}
            servers:
              - url: https://{region}.{zone}.example.com
                variables:
                  region: {enum: [eu, us]}
                  zone: {default: z9, enum: [z1, z2]}
            paths: {}
            """
        let imported = try Self.importedCleanly(document: document)
        #expect(
            imported.diagnostics == [
                "openapi.yaml:6:15: warning: server variable 'region' has no default; its default is 'eu'; give it a "
                    + "default among its values",
                "openapi.yaml:7:23: warning: the default 'z9' of server variable 'zone' is not one of its values; its "
                    + "default is 'z1'; give it a default among its values",
            ])
        let server = try #require(imported.spec.servers.first)
        #expect(server.variables.map(\.defaultValue) == ["eu", "z1"])
    }

    /// Schemas no operation or webhook carries come in as standalone models, roots only; webhook payloads are the
    /// webhooks' own, named by the URL the app registers when they name no event.
    @Test func unusedSchemasAreStandaloneAndWebhooksComeInWhole() throws {
        let (spec, summary) = try Self.imported("import-webhooks")
        let standalone = spec.models.filter(\.isStandalone).map(\.name)
        #expect(standalone == ["Archived"])
        #expect(try Self.model("Reason", in: spec).isStandalone == false)
        let webhooks = try #require(spec.webhooks)
        #expect(webhooks.events.map(\.name) == ["balanceChanged", "reportReady"])
        #expect(webhooks.eventName == .url && webhooks.isUnsigned)
        #expect(summary.warnings["webhook"] == 2)
    }

    /// A decoded union's variants are ordered so each can be chosen; of two that decode each other's values the
    /// richer stays; a union only sent keeps both; a one-value enum beside an `allOf` reference is a constant.
    @Test func unionVariantsAreOrderedSoEachCanBeChosen() throws {
        let (spec, summary) = try Self.imported("import-union-order")
        func variants(_ model: String) throws -> [String] {
            guard case .union(let union) = try Self.model(model, in: spec).kind else { return [] }
            return union.variants.map(\.type.description)
        }
        #expect(try variants("GetShapeResponse") == ["Circle", "Anything"])
        #expect(try variants("SetOptionsRequest") == ["Options", "EmptyModel"])
        guard case .alias(let target, _) = try Self.model("SetOptionsResponse", in: spec).kind else {
            Issue.record("SetOptionsResponse is not an alias")
            return
        }
        #expect(target == .named("Options"))
        #expect(summary.warnings["union-overlap"] == 1)
        guard case .object(let fields) = try Self.model("Button", in: spec).kind else { return }
        #expect(fields.first?.wireName == "type")
        #expect(fields.first?.constant == .int(2))
    }

    /// Swagger 2.0 reads as the 3.0 document it says the same as: servers from host, basePath and schemes; bodies
    /// from body and formData parameters; security definitions; definitions, global parameters and responses by
    /// reference, in other files too.
    @Test func swagger2IsReadAsOpenAPI3() throws {
        let (spec, summary) = try Self.imported("import-swagger2")
        #expect(spec.servers.first?.url == "https://pets.example.com/v2")
        #expect(spec.authSchemes.map(\.name) == ["apiKey", "basicAuth", "oauth"])
        #expect(spec.models.map(\.name) == ["NewPet", "Pet", "Animal", "AnimalBase", "Horse", "ErrorModel"])
        #expect(summary.documentSchemas == 5)
        // A definition with a discriminator that another extends stands for its subtypes.
        guard case .union(let animal) = try Self.model("Animal", in: spec).kind else {
            Issue.record("Animal is not a union")
            return
        }
        #expect(animal.discriminator == "kind")
        #expect(animal.variants.map(\.discriminatorValues) == [["Horse"]])
        let list = try #require(spec.endpoints.first { $0.name == "listPets" })
        #expect(list.queryParameters.map(\.wireName) == ["limit", "offset", "tags", "ids"])
        #expect(list.queryParameters.first?.defaultValue == .int(20))
        let create = try #require(spec.endpoints.first { $0.name == "createPet" })
        #expect(create.body?.encoding == .json)
        let get = try #require(spec.endpoints.first { $0.name == "getPet" })
        #expect(get.errors.map(\.caseName) == ["notFound"])

        let (forms, _) = try Self.imported("import-swagger2-forms")
        #expect(forms.endpoints.map { $0.body?.encoding } == [.form, .multipart, nil])
        let (files, _) = try Self.imported("import-swagger2-files")
        #expect(files.models.map(\.name) == ["Owner", "Address"])
    }

    /// Tags come from the mapping, then from the values of the variant's tag property (several when it is an enum of
    /// several), then from its constant; one with none of these is the schema's name, as OpenAPI says.
    @Test func discriminatorTagsComeFromTheVariants() throws {
        let (spec, summary) = try Self.imported("import-discriminator-tags")
        guard case .union(let tool) = try Self.model("Tool", in: spec).kind,
            case .union(let result) = try Self.model("ResultModel", in: spec).kind
        else {
            Issue.record("Tool and ResultModel are not unions")
            return
        }
        // SearchTool's `type` is an enum of two values: both are its tags, and the union stays discriminated.
        #expect(tool.discriminator == "type")
        #expect(tool.variants.map(\.type.description) == ["SearchTool", "CodeTool"])
        #expect(tool.variants.map(\.discriminatorValues) == [["search", "search_2025"], ["code"]])
        #expect(summary.warnings["discriminator-dropped"] == nil)
        #expect(result.discriminator == "status")
        // The loader takes Success's tag from its constant; Failure's is its name.
        #expect(result.variants.map(\.tag) == ["ok", nil])
        // A mapping that names one schema twice gives it both tags, in the mapping's order.
        guard case .union(let event) = try Self.model("Event", in: spec).kind else {
            Issue.record("Event is not a union")
            return
        }
        #expect(event.variants.map(\.discriminatorValues) == [["created"], ["updated", "replaced"]])
    }

    /// A schema with a discriminator that others extend through `allOf` stands for any of them: it becomes the
    /// union of its subtypes, tagged by the mapping or by their schema names, and the properties they share become
    /// `<Name>Base`, which each includes, whatever order the document declares them in.
    @Test func aBaseWithADiscriminatorIsTheUnionOfItsSubtypes() throws {
        let (spec, summary) = try Self.imported("import-inheritance")
        func union(_ name: String) throws -> Union? {
            if case .union(let union) = try Self.model(name, in: spec).kind { return union }
            return nil
        }
        let pet = try #require(try union("Pet"))
        #expect(pet.discriminator == "petType")
        #expect(pet.variants.map(\.type.description) == ["Dog", "Cat"])
        #expect(pet.variants.map(\.discriminatorValues) == [["dog"], ["cat"]])
        #expect(try Self.model("Dog", in: spec).includes.map(\.name) == ["PetBase"])
        #expect(try Self.model("PetBase", in: spec).fields.map(\.wireName) == ["petType", "name"])
        // One kind today: still a union, so a kind added later reads as undocumented, not as a balance setting.
        let setting = try #require(try union("Setting"))
        #expect(setting.variants.map(\.discriminatorValues) == [["balance"]])
        // No mapping: each subtype is tagged with its schema's name.
        let keeper = try #require(try union("Keeper"))
        #expect(keeper.variants.map(\.discriminatorValues) == [["Vet"], ["Groomer"]])
        // A subtype that is a base told apart by another property cannot stand for its kinds: the outer base stays
        // the struct of its own properties, with a warning; the inner one is a union still.
        guard case .object(let vehicle) = try Self.model("Vehicle", in: spec).kind else {
            Issue.record("Vehicle is not a struct")
            return
        }
        #expect(vehicle.map(\.wireName) == ["kind"])
        #expect(try union("Car")?.discriminator == "body")
        #expect(summary.warnings == ["discriminator-dropped": 1])
        #expect(spec.endpoints.first { $0.name == "addPet" }?.body?.content == .type(.named("Pet")))
    }

    /// Paging as the document means it: offsets and limits of another integer width, a page with a default, and a
    /// declared `Link` header, which wins over page numbers.
    @Test func pagingIsRecognisedAsTheDocumentMeansIt() throws {
        let (spec, _) = try Self.imported("import-paging-widths")
        func style(_ operation: String) -> Pagination.Style? {
            spec.endpoints.first { $0.name == operation }?.pagination?.style
        }
        #expect(style("listEvents") == .offset(parameter: "offset"))
        #expect(style("listLogs") == .page(parameter: "page", firstPage: 1))
        #expect(style("listRepos") == .link(relation: "next"))
    }

    /// A success offered as JSON or as an event stream gives the operation a streamed form, whose body model sets
    /// the `stream` flag itself.
    @Test func aJSONOrStreamAnswerGetsAStreamedForm() throws {
        let (spec, summary) = try Self.imported("import-json-or-stream")
        #expect(spec.endpoints.map(\.name) == ["createCompletion", "createCompletionStream"])
        #expect(summary.endpoints == 1)
        #expect(summary.streamedForms == 1)
        #expect(summary.warnings.isEmpty)
        let streamed = try #require(spec.endpoints.last)
        guard case .stream(let body)? = streamed.responses.first?.body else {
            Issue.record("createCompletionStream does not stream")
            return
        }
        #expect(body.format == .events)
        #expect(body.item == .named("CompletionChunk"))
        guard case .object(let fields) = try Self.model("CompletionRequestStream", in: spec).kind else { return }
        #expect(fields.first { $0.wireName == "stream" }?.constant == .bool(true))
    }

    /// A schema written inline is named from where it sits, with no `Model` inside the name: only a whole name
    /// that Swift or the runtime takes gets one. An error body is named after its case, not the status's spelling.
    @Test func inlineNamesHaveNoModelInfix() throws {
        let document = """
            openapi: 3.0.3
            info: {title: Items, version: "1"}
            paths:
              /items:
                get:
                  operationId: listItems
                  responses:
                    '200':
                      description: The items.
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              data:
                                type: array
                                items: {type: object, required: [id], properties: {id: {type: string}}}
                    '404':
                      description: No such list.
                      content:
                        application/json:
                          schema: {type: object, properties: {message: {type: string}}}
                    '4XX':
                      description: Refused.
                      content:
                        application/json:
                          schema: {type: object, properties: {reason: {type: string}}}
            """
        let spec = try Self.imported(document: document)
        #expect(
            spec.models.map(\.name) == [
                "ListItemsResponse", "ListItemsResponseDataItem", "ListItemsNotFoundError", "ListItemsClientError",
            ])
    }

    /// The same object written inline in two places is two models, each named where it stands: merged, it would be
    /// named after whichever use comes first, and an edit that adds an earlier use would rename it for every use.
    @Test func identicalInlineStructsAreNamedWhereEachStands() throws {
        let document = """
            openapi: 3.0.3
            info: {title: Shapes, version: "1"}
            paths:
              /a:
                get:
                  operationId: getA
                  responses:
                    '200':
                      description: A point.
                      content:
                        application/json:
                          schema: {type: object, description: One., properties: {x: {type: integer}, y: {type: integer}}}
              /b:
                get:
                  operationId: getB
                  responses:
                    '200':
                      description: The same point.
                      content:
                        application/json:
                          schema:
                            type: object
                            description: Two.
                            properties: {x: {type: integer, description: Across.}, y: {type: integer}}
            """
        let spec = try Self.imported(document: document)
        #expect(spec.models.map(\.name) == ["GetAResponse", "GetBResponse"])
        #expect(
            spec.endpoints.map { $0.responses.first?.body.jsonType } == [
                .named("GetAResponse"), .named("GetBResponse"),
            ])
    }

    /// A struct that holds itself through a property it includes (`Folder` includes `Item`, whose `parent` is a
    /// `Folder`) has its loop closed where the property is declared, in `Item`, which every struct that includes it
    /// then agrees with; the warning names the property in the document. (Retyping `Folder`'s copy alone left the
    /// loop in place, and lint refused the spec.)
    @Test func aStructLoopThroughAnIncludedPropertyIsClosedWhereItIsDeclared() throws {
        let document = """
            openapi: 3.0.3
            info: {title: Files, version: "1"}
            paths:
              /folders/{id}:
                get:
                  operationId: getFolder
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  responses:
                    '200':
                      description: A folder.
                      content: {application/json: {schema: {$ref: '#/components/schemas/Folder'}}}
            components:
              schemas:
                Folder:
                  allOf:
                    - {$ref: '#/components/schemas/Item'}
                    - type: object
                      properties:
                        size: {type: integer}
                Item:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string, maxLength: 255}
                    parent: {$ref: '#/components/schemas/Folder'}
            """
        let imported = try Self.importedCleanly(document: document)
        #expect(
            imported.diagnostics == [
                "openapi.yaml:25:9: warning: 'Folder.parent' holds 'Folder', which holds 'Folder' again through structs "
                    + "alone; typed as json; make one of them a oneOf, or refer to it by ID"
            ])
        #expect(imported.summary.jsonFallbacks == 1)
        let spec = imported.spec
        let folder = try Self.model("Folder", in: spec)
        #expect(folder.includes.map(\.name) == ["Item"])
        func written(_ model: Model) -> [String] {
            model.fields.map { "\($0.wireName): \($0.type)\($0.presence.suffix)" }
        }
        #expect(written(try Self.model("Item", in: spec)) == ["name: string", "parent: json?"])
        #expect(written(folder) == ["name: string", "parent: json?", "size: int?"])
    }
}
