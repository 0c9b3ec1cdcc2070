// The DocumentAI client: DocumentAIClient, DocumentAIMock and the models are generated from Specs/DocumentAI.yaml by
// SpecgenPlugin while the package builds.
