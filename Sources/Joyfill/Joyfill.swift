// The Joyfill client: JoyfillClient, JoyfillMock and the models are generated from Specs/Joyfill.yaml by
// SpecgenPlugin while the package builds.
