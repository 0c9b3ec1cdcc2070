import SpecgenSpec

/// Which nested models a generated struct or union stores out of line (in an `Indirect`, or an `indirect` case).
///
/// Swift stores a nested struct inside its parent, so a model that holds large models, which hold large models in
/// turn, grows with everything it reaches; the compiler then writes its copy, assignment and destroy code, and each
/// `Optional` around it, out one stored value at a time. Stripe's `Invoice` reached tens of thousands of stored
/// values this way, and the models file that held it took 85 s and 2 GiB to compile, almost all of it that code.
///
/// A type's *weight* is the number of values a copy of it touches: one for a scalar, string, array, map, enum or
/// out-of-line value; for a struct, the sum of its stored properties (and one for a map of undeclared ones); for a
/// union, one plus the sum of its variants (its copy code handles each). A member is stored out of line, and weighs
/// one, when its type weighs more than ``memberLimit``, so no model weighs more than its members times the limit.
/// Small nested models (an address, a sender) stay inline, where reading them costs no allocation.
///
/// Capping a model's whole weight as well (boxing its heaviest members until it weighs 64 or less) was measured on
/// Stripe and left its compile time as it was: what is left of the copy code is the fields of wide structs, one by
/// one, which no layout of nested models changes.
struct ModelLayout {
    /// The heaviest type a struct or union stores inline.
    static let memberLimit = 16

    private let types: TypeResolver
    private let recursiveUnions: Set<String>
    private var weights: [String: Int] = [:]
    /// The members (field or variant positions) each model stores out of line.
    private var outOfLine: [String: Set<Int>] = [:]

    /// Weighs every object and union model of a spec; `recursiveUnions` are stored `indirect` already.
    init(models: [Model], types: TypeResolver, recursiveUnions: Set<String>) {
        self.types = types
        self.recursiveUnions = recursiveUnions
        var inProgress: Set<String> = []
        for model in models { _ = weight(of: model, inProgress: &inProgress) }
    }

    /// Whether a model stores its field or variant at `index` out of line.
    func isIndirect(member index: Int, of model: String) -> Bool { outOfLine[model]?.contains(index) == true }

    private mutating func weight(of type: TypeRef, inProgress: inout Set<String>) -> Int {
        switch types.shape(of: type) {
        case .object(let model), .union(let model, _): weight(of: model, inProgress: &inProgress)
        default: 1
        }
    }

    private mutating func weight(of model: Model, inProgress: inout Set<String>) -> Int {
        if let known = weights[model.name] { return known }
        // A struct cycle is a lint error and a recursive union is `indirect`; a loop weighs one either way.
        guard !recursiveUnions.contains(model.name), inProgress.insert(model.name).inserted else { return 1 }
        defer { inProgress.remove(model.name) }
        let members: [TypeRef]
        let own: Int
        switch model.kind {
        // Undeclared properties are one stored map.
        case .object: (members, own) = (model.fields.map(\.type), model.additionalProperties == nil ? 0 : 1)
        case .union(let union): (members, own) = (union.variants.map(\.type), 1)
        case .enumeration, .alias: return 1
        }
        var total = own
        var boxed: Set<Int> = []
        for (index, type) in members.enumerated() {
            let member = weight(of: type, inProgress: &inProgress)
            if member > Self.memberLimit { boxed.insert(index) }
            total += member > Self.memberLimit ? 1 : member
        }
        if !boxed.isEmpty { outOfLine[model.name] = boxed }
        let weight = max(1, total)
        weights[model.name] = weight
        return weight
    }
}
