import SpecgenSpec
import SpecgenYAML

/// Files that are not OpenAPI documents: a spec, an old Swagger, anything else, each named.
extension ImportRun {
    /// Why a file is not an OpenAPI document, naming what it is instead; nil when it is one. Importing a file of
    /// another kind would give an empty spec and exit 0, so it is an error.
    static func refusal(of root: DocNode) -> (location: SourceLocation, message: String, fix: String?)? {
        guard root.isMapping else {
            return (
                root.location,
                "this is not an OpenAPI document: its top level is \(root.node.kindDescription), not a "
                    + "mapping with 'openapi', 'info' and 'paths'", nil
            )
        }
        if root["openapi"] != nil { return nil }
        if let specgen = root["specgen"] {
            return (
                specgen.location, "this is a specgen spec, not an OpenAPI document",
                "check it with 'specgen lint', or export it with 'specgen export-openapi'"
            )
        }
        if let swagger = root["swagger"] ?? root["swaggerVersion"] {
            let version = swagger.string ?? ""
            if version.hasPrefix("2") { return nil }
            return (
                swagger.location,
                "this is a Swagger \(version) file; the import reads OpenAPI 3.0 and 3.1 and Swagger 2.0",
                "convert it to OpenAPI 3 first"
            )
        }
        return (
            root.location, "this is not an OpenAPI document: it has no 'openapi' (or 'swagger: \"2.0\"') key",
            "import an OpenAPI 3.0 or 3.1 or Swagger 2.0 document"
        )
    }
}
