// The Chatist client: ChatistClient, ChatistMock and the models are generated from Specs/Chatist.yaml by
// SpecgenPlugin while the package builds.
