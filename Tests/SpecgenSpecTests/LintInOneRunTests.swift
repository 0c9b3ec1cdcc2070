import SpecgenSpec
import Testing

/// Lint reports every problem of a spec in one run: what the reading finds and what the semantic checks find, with a
/// did-you-mean wherever a name is close to a declared one.
struct LintInOneRunTests {
    static func diagnostics(_ text: String) -> [String] {
        Spec.load(bytes: Array(text.utf8), path: "shop.yaml").diagnostics.map(\.description)
    }

    @Test func readingAndSemanticErrorsComeTogether() {
        let text = """
            specgen: 1
            name: Shop
            servers:
              production: {url: "https://shop.example.com", urls: {media: "https://media.example.com"}}
            models:
              Item: {properties: {id: string, color: strin}, descripton: An item., foo: 1}
              Page: {properties: {data: "[Item]"}}
            endpoints:
              getItem: {request: GET /item, server: medai, response: Item}
              listItems:
                request: GET /items
                query: {cursor: string?}
                response: Page
                paginate: {cursor: cursor, nextCursor: next, items: data}
            """
        #expect(
            Self.diagnostics(text) == [
                "shop.yaml:6:42: error: unknown type 'strin' in 'models.Item.properties.color'; did you mean 'string'?",
                "shop.yaml:6:50: error: unknown key 'descripton' in 'models.Item'; did you mean 'description'?",
                "shop.yaml:6:72: error: unknown key 'foo' in 'models.Item'; expected one of: swiftName, description, "
                    + "deprecated, example, standalone, properties, includes, additionalProperties",
                "shop.yaml:9:41: error: 'endpoints.getItem.server' names server URL 'medai', which server 'production' "
                    + "does not declare; did you mean 'media'?",
                "shop.yaml:14:15: error: pagination 'nextCursor: next' at 'endpoints.listItems.paginate' has no 'next' "
                    + "in 'Page'",
            ])
    }

    @Test func aSwappedPairOfLettersIsOneEdit() {
        #expect(Suggestions.editDistance("medai", "media") == 1)
        #expect(Suggestions.editDistance("kitten", "sitting") == 3)
        #expect(Suggestions.editDistance("", "abc") == 3)
        #expect(Suggestions.closest(to: "Crad", in: ["Card", "Cart"]) == "Card")
    }
}
