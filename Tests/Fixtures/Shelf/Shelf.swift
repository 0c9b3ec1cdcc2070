// A fixture client generated from Shelf.yaml by SpecgenPlugin: a bookshop's back office whose listings page in
// every style real APIs use. Tests walk each listing against specgen-mock and against hand-written servers.
