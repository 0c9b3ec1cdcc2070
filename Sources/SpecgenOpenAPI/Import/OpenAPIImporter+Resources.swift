import SpecgenSpec

/// Resources: the export's `x-specgen-resource`, and for a large API without it, the first tag of each operation.
extension ImportRun {
    /// How many operations make an API large enough that its client groups them by tag: below it, one flat list
    /// of methods reads as easily.
    static let resourceThreshold = 40

    /// Gives the operations of a large document without `x-specgen-resource` the resource their first tag names
    /// (`repos` for the tag `repos`, with `reposGet` as `repos.get`), and leaves out every resource lint would
    /// refuse: one the document wrote, with a warning; an inferred one, silently, as nothing the document says is
    /// lost.
    func settleResources(_ spec: inout Spec) {
        let written = spec.endpoints.contains { $0.resource != nil }
        if !written, spec.endpoints.count >= Self.resourceThreshold {
            for index in spec.endpoints.indices {
                guard let tag = spec.endpoints[index].tags.first else { continue }
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
