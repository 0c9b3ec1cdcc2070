// A fixture client generated from Relay.yaml by SpecgenPlugin: a message relay whose accounts sign in with HTTP
// basic auth and whose partner apps use OAuth2 client credentials. Tests run it against specgen-mock and against
// hand-written servers.
