// A fixture client generated from HostileNames.yaml by SpecgenPlugin: it exists to prove that hostile names and
// descriptions compile, warning-free, into inert code.
