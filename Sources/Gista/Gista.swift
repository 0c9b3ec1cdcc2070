// The Gista client: GistaClient, GistaMock and the models are generated from Specs/Gista.yaml by
// SpecgenPlugin while the package builds.
