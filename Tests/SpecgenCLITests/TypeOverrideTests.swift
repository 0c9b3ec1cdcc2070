import Foundation
import SpecgenEmitter
import SpecgenSpec
import SpecgenTestSupport
import Testing

/// `types:` in the options: a model written as the app's own type (a `Money` of the app's module, Foundation's
/// `UUID` for a string ID), compiled with warnings as errors beside the app's code.
struct TypeOverrideTests {
    static let spec = """
        specgen: 1
        name: Shop
        servers: {default: "https://shop.example.com"}
        models:
          Money: {properties: {amount: int64, currency: {type: string, pattern: "^[A-Z]{3}$"}}}
          ProductID: {type: string, pattern: "^[0-9a-f-]{36}$"}
          Product:
            properties:
              id: ProductID
              price: Money
              history: "[Money]"
              byRegion: "{string: Money}?"
          PriceForm: {properties: {amount: int64}}
          ProductPage: {properties: {data: "[Product]", next: string?}}
        endpoints:
          getProduct: {request: "GET /products/{id}", path: {id: ProductID}, response: Product}
          setPrice: {request: "PUT /products/{id}/price", path: {id: ProductID}, body: Money, response: Product}
          setPriceForm: {request: "POST /products/{id}/price", path: {id: ProductID}, body: {form: PriceForm}}
          listProducts:
            request: GET /products
            query: {cursor: string?}
            response: ProductPage
            paginate: {cursor: cursor, nextCursor: next, items: data}
        """

    static func generate(_ options: String) throws -> Generator.Result {
        var diagnostics: [Diagnostic] = []
        let read = try #require(
            GenerationOptions.load(bytes: Array(options.utf8), path: "o.yaml", diagnostics: &diagnostics))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return Generator.generate(bytes: Array(Self.spec.utf8), path: "shop.yaml", options: read)
    }

    static let money = """
        /// The app's own money, which the client sends and reads as the spec's `Money`.
        public struct Money: Codable, Hashable, Sendable {
            public var amount: Int64
            public var currency: String
        }
        """

    @Test func anAppTypeAndUUIDTakeTheModelsPlaces() async throws {
        let result = try Self.generate("types:\n  Money: Money\n  ProductID: Foundation.UUID\n")
        let files = try #require(result.files, "\(result.diagnostics)")
        let declarations = files.flatMap(\.declarations)
        // Neither model is generated; every use names the app's type.
        #expect(!declarations.contains { $0.owner == nil && ["Money", "ProductID"].contains($0.name) })
        let product = declarations.filter { $0.owner == "Product" && $0.keyword == "var" }.map(\.text)
        #expect(
            product == [
                "var Product.id: UUID", "var Product.price: Money", "var Product.history: [Money]",
                "var Product.byRegion: [String: Money]?",
            ])
        let methods = declarations.filter { $0.owner == "ShopClient" && $0.keyword == "func" }.map(\.text)
        #expect(methods.contains("func ShopClient.getProduct(id: UUID) async throws(ShopError) -> Product"))
        #expect(methods.contains("func ShopClient.setPrice(id: UUID, body: Money) async throws(ShopError) -> Product"))
        // The path carries the UUID's text; the alias's pattern is the app type's business.
        let operations = files.filter { $0.name.hasPrefix("Operations") }.map(\.contents).joined()
        #expect(operations.contains("id.description"))
        #expect(!operations.contains("^[0-9a-f-]{36}$"))
        let app = """
            import Foundation

            func price(_ client: ShopClient, _ id: UUID) async throws -> Money {
                try await client.getProduct(id: id).price
            }
            """
        let compilation = try await GeneratedModule.typecheck(
            files.map { ($0.name, $0.contents) }, sources: [("Money.swift", Self.money), ("App.swift", app)],
            module: "Shop", flags: GeneratedModule.targetFlags)
        #expect(compilation.succeeded, "\(compilation.diagnostics.prefix(2000))")
    }

    /// A type of another module is imported where it is used, publicly where a public declaration names it.
    @Test func aTypeOfAnotherModuleIsImported() async throws {
        let folder = try makeTemporaryFolder("app-core")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("Money.swift")
        try Self.money.write(to: source, atomically: true, encoding: .utf8)
        let module = try await ProcessRun.run(
            "swiftc",
            [
                "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", "AppCore", source.path,
                "-emit-module-path", folder.appendingPathComponent("AppCore.swiftmodule").path,
            ])
        #expect(module.status == 0, "\(module.stderr)")
        let result = try Self.generate("types: {Money: AppCore.Money}\n")
        let files = try #require(result.files, "\(result.diagnostics)")
        let models = files.filter { $0.name.hasPrefix("Models") }.map(\.contents)
        #expect(models.contains { $0.contains("public import AppCore\n") })
        #expect(!files.contains { $0.contents.contains("import AppCore") && !$0.contents.contains("Money") })
        let compilation = try await GeneratedModule.typecheck(
            files.map { ($0.name, $0.contents) }, module: "Shop",
            flags: GeneratedModule.targetFlags + ["-I", folder.path])
        #expect(compilation.succeeded, "\(compilation.diagnostics.prefix(2000))")
    }

    @Test func aModelTheClientReadsCannotBeReplaced() throws {
        let result = try Self.generate(
            "types:\n  PriceForm: PriceForm\n  ProductPage: ProductPage\n  Mony: Money\n  Product: Product\n")
        #expect(result.files == nil)
        #expect(
            result.diagnostics.map(\.description) == [
                "o.yaml:2:3: error: 'PriceForm' cannot be an app's type: the client writes its fields one by one in "
                    + "the form body of 'setPriceForm'; remove it from 'types', and convert the generated model where "
                    + "the app needs its own",
                "o.yaml:3:3: error: 'ProductPage' cannot be an app's type: the client reads its fields as it pages "
                    + "through the answers of 'listProducts'; remove it from 'types', and convert the generated model "
                    + "where the app needs its own",
                "o.yaml:4:3: error: 'types' names 'Mony', which no model of 'Shop' is; did you mean 'Money'?",
            ])
    }

    @Test func aValueThatNamesNoTypeIsAnError() {
        var diagnostics: [Diagnostic] = []
        let options = GenerationOptions.load(
            bytes: Array("types: {Money: \"App Core.Money\", Price: 5}\n".utf8), path: "o.yaml",
            diagnostics: &diagnostics)
        #expect(options == nil)
        #expect(
            diagnostics.map(\.description) == [
                "o.yaml:1:16: error: 'types.Money' names no Swift type; write the type with its module, such as "
                    + "'AppCore.Money' or 'Foundation.UUID', or a type of the target itself, such as 'Money'",
                "o.yaml:1:41: error: 'types.Price' names no Swift type; write the type with its module, such as "
                    + "'AppCore.Money' or 'Foundation.UUID', or a type of the target itself, such as 'Money'",
            ])
    }
}
