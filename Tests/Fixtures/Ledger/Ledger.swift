// A fixture client generated from Ledger.yaml by SpecgenPlugin: a payments API that uses unions, composition,
// open objects and the other data shapes of real APIs. Tests call every endpoint against specgen-mock and read
// hand-written answers from servers on 127.0.0.1.
