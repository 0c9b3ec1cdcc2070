// The Keyz client: KeyzClient, KeyzMock and the models are generated from Specs/Keyz.yaml by
// SpecgenPlugin while the package builds.
