import SpecgenSpec

/// Resources: the export's `x-specgen-resource`, and for a document that declares its tags, the first declared tag of
/// each operation.
extension ImportRun {
    /// Gives the operations of a document without `x-specgen-resource` the resource the first of their tags that
    /// the document declares (its top-level `tags`) names (`repos` for the tag `repos`, with `reposGet` as
    /// `repos.get`), and leaves out every resource lint would refuse: one the document wrote, with a warning; an
    /// inferred one, silently, as nothing the document says is lost.
    ///
    /// What decides is what the document says of the operation and of its tags, never how many operations there
    /// are: a count would regroup every operation of an API the day one is added or removed across it. A document
    /// that lists no tags stays flat.
    func settleResources(_ spec: inout Spec, declaredTags: [String]) {
        let written = spec.endpoints.contains { $0.resource != nil }
        let declared = Set(declaredTags)
        if !written, !declared.isEmpty {
            for index in spec.endpoints.indices {
                guard let tag = spec.endpoints[index].tags.first(where: declared.contains) else { continue }
                let resource = namer.bareMemberName(tag)
                guard resource.first?.isLetter == true, !Namer.keywords.contains(resource) else { continue }
                spec.endpoints[index].resource = resource
            }
        }
        // Each pass leaves out at least one resource, and leaving one out can settle another's clash, so the check
        // runs until nothing is refused.
        for _ in spec.endpoints.indices {
            let refused = SpecLinter().resourceErrors(spec)
            guard !refused.isEmpty else { return }
            for index in spec.endpoints.indices {
                let endpoint = spec.endpoints[index]
                guard let problem = refused[endpoint.name] else { continue }
                if let location = places.resourceLocations[endpoint.name] {
                    warn(
                        .extensionValue, at: location,
                        "'x-specgen-resource' does not fit the operation: left out (\(problem.message))")
                }
                spec.endpoints[index].writtenResource = nil
            }
        }
    }
}
