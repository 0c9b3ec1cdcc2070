package import SpecgenSpec

/// What a server of a spec says of a JSON value a request carries, exactly as `specgen-mock` checks a body: every
/// problem, none when the value is accepted. Keys the spec does not declare are ignored, as a server ignores them.
package struct ServerValueCheck: Sendable {
    let spec: Spec
    let types: TypeResolver

    /// The checks of a server of `spec`, whose types `types` resolves (one is built when nil).
    package init(spec: Spec, types: TypeResolver? = nil) {
        self.spec = spec
        self.types = types ?? TypeResolver(spec)
    }

    /// The problems of `value` sent as `type`, each located at its field under `path` (`body.team`).
    package func problems(in value: SpecValue, as type: TypeRef, at path: String = "body") -> [WireProblem] {
        var checker = ValueChecker(spec: spec, types: types)
        checker.checkJSON(value, type, constraints: Constraints(), format: nil, path: path, location: spec.location)
        return checker.problems
    }

    /// The problems of `value` as the value of `field`: its type, format and constraints.
    package func problems(in value: SpecValue, as field: Field, at path: String) -> [WireProblem] {
        var checker = ValueChecker(spec: spec, types: types)
        checker.checkField(value, field, path: path)
        return checker.problems
    }

    /// The problems of `text` read as `field` is read from a header, query item or path segment.
    package func problems(inText text: String, as field: Field, at path: String) -> [WireProblem] {
        var checker = ValueChecker(spec: spec, types: types)
        checker.checkTextField([text], field, path: path)
        return checker.problems
    }
}
