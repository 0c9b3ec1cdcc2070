import SpecgenSpec
import SpecgenYAML

/// Names: the module's, and the models' as they are reserved and set.
extension ImportRun {
    /// The module name: `--name`, else the title as a type name (`Swagger Petstore` → `SwaggerPetstore`).
    func apiName(_ title: String?) -> String {
        if let requestedName { return requestedName }
        // A title that is already a type name stays as written (`DocumentAI`, not `DocumentAi`).
        if let title, let first = title.first, first.isLetter, first.isASCII,
            title.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        {
            return first.uppercased() + title.dropFirst()
        }
        let words = namer.words(title ?? "")
        let name = namer.typeName(words.isEmpty ? "API" : words.prefix(4).joined(separator: " "))
        // A title that starts with a digit (`5 Stars`) names no Swift type: the name gets a word in front.
        guard let first = name.first, !first.isLetter else { return name }
        let mended = "API" + name.drop { !$0.isLetter && !$0.isNumber }
        warn(
            .apiName, at: root?["info"]?["title"]?.location ?? Self.unlocated,
            "the title '\(title ?? "")' does not start with a letter, so it names no Swift type; the API is named "
                + "'\(mended)'",
            fix: "pass '--name' with the name the types should carry")
        return mended
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// A JSON pointer token for a key (`/` and `~` escaped).
    static func pointerToken(_ key: String) -> String {
        var token = ""
        for character in key {
            switch character {
            case "~": token += "~0"
            case "/": token += "~1"
            default: token.append(character)
            }
        }
        return token
    }

    /// A type name no other model has (`Ticket`, then `Ticket2`), compared as Swift compares them after naming. A
    /// name numbered apart depends on the other type, so it is reported where the schema stands (`name-clash`).
    func allocateTypeName(_ raw: String, at location: SourceLocation, _ what: @autoclosure () -> String) -> String {
        let base = namer.typeName(raw.isEmpty ? "Model" : raw)
        let stem = Self.specTypeWords.contains(base.lowercased()) ? base + "Model" : base
        let name = Self.unique(stem) { takenTypeNames.contains($0.lowercased()) }
        takenTypeNames.insert(name.lowercased())
        if name != stem {
            warn(
                .nameClash, at: location,
                "\(what()) is named '\(name)': '\(stem)' is another type's, and the name moves if that one goes",
                fix: "rename one of them in the document to keep both names stable")
        }
        return name
    }

    /// `base` when it is free, else the first free of `base2`, `base3`, ...
    static func unique(_ base: String, isTaken: (String) -> Bool) -> String {
        isTaken(base) ? numbered(base, isTaken: isTaken) : base
    }

    /// The first free of `base2`, `base3`, ...
    static func numbered(_ base: String, isTaken: (String) -> Bool) -> String {
        var counter = 2
        while isTaken(base + String(counter)) { counter += 1 }
        return base + String(counter)
    }

    /// Each model's place in the document, by slot, which orders the models written (then the order they were
    /// made): a component's own position; for a model named from where it sits, the position of the first
    /// component, in document order, that holds it through fields, variants, includes or an alias without going
    /// through another component (a base schema's own properties, its own); after every component when none holds
    /// it (it sits in an operation or a webhook).
    /// It is found from the models made, so no translator keeps track of which component it is reading.
    func modelAnchors() -> [Int] {
        var anchors = componentPositions
        // A base schema's own properties are a part of it, wherever its subtypes stand, and whether or not it kept
        // its subtypes.
        for (base, component) in baseStructs {
            if let position = componentPositions[component] { anchors[base] = position }
        }
        func held(by name: String) -> [String] {
            guard let index = modelIndex[name], let model = models[index].model else { return [] }
            var types: [TypeRef] = []
            switch model.kind {
            case .object(let fields): types = fields.map(\.type)
            case .alias(let target, _): types = [target]
            case .union(let union): types = union.variants.map(\.type)
            case .enumeration: break
            }
            return types.flatMap(\.referencedNames) + model.includes.map(\.name)
        }
        for (component, position) in componentPositions.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            var pending = [component]
            while let next = pending.popLast() {
                for name in held(by: next) where anchors[name] == nil {
                    anchors[name] = position
                    pending.append(name)
                }
            }
        }
        return models.map { anchors[$0.name] ?? componentOrder.count }
    }

    /// Names the spec reads as built-in types, which a model therefore cannot take.
    static let specTypeWords: Set<String> = [
        "string", "bool", "int", "int32", "int64", "double", "float", "datetime", "date", "uuid", "url", "bytes",
        "binary", "file", "json", "empty",
    ]

    /// Takes a slot for a model, so its parts' models are written after it.
    func reserveModel(_ name: String) {
        modelIndex[name] = models.count
        models.append((name, nil))
    }

    func setModel(_ model: Model, shape: ModelShape) {
        shapes[model.name] = shape
        if let index = modelIndex[model.name] {
            models[index].model = model
        } else {
            modelIndex[model.name] = models.count
            models.append((model.name, model))
        }
    }

    /// A model of `name` with the documentation `schema` gives it, its kind still to be said. Imported models are
    /// located nowhere: they are compared by what they say, and the document's places are kept for warnings.
    func modelHeader(_ name: String, _ schema: DocNode) -> Model {
        let (description, deprecation) = Self.described(schema)
        return Model(
            name: name, kind: .object([]), description: description, deprecation: deprecation,
            location: Self.unlocated)
    }

    /// The place of everything the import makes: none, so that two models that say the same are equal.
    static let unlocated = SourceLocation(path: "", line: 1, column: 1)

    /// Where the document writes a model's schema; ``unlocated`` for a model the import made of none.
    func modelLocation(_ name: String) -> SourceLocation { places.modelLocations[name] ?? Self.unlocated }
}

/// The Swift names of one scope's fields (an operation's parameters, a response's headers): a field whose derived
/// name is taken gets one of its own (Twilio's `StartTime<` and `StartTime>` are `startTimeBefore` and
/// `startTimeAfter`; `Retry` beside `retry` is `retry2`).
struct MemberNames {
    let namer: Namer
    private var taken = Set<String>()

    init(namer: Namer) { self.namer = namer }

    /// The field, with a Swift name when its derived one is taken.
    mutating func named(_ field: Field) -> Field {
        if let chosen = field.swiftName {
            taken.insert(chosen.lowercased())
            return field
        }
        let base = namer.bareMemberName(field.wireName)
        guard taken.contains(base.lowercased()) else {
            taken.insert(base.lowercased())
            return field
        }
        let taken = self.taken
        let isTaken = { (name: String) in taken.contains(name.lowercased()) }
        let comparison = field.wireName.hasSuffix("<") ? "Before" : field.wireName.hasSuffix(">") ? "After" : nil
        let chosen =
            comparison.map { base + $0 }.flatMap { isTaken($0) ? nil : $0 }
            ?? ImportRun.numbered(base, isTaken: isTaken)
        self.taken.insert(chosen.lowercased())
        var renamed = field
        renamed.swiftName = chosen
        return renamed
    }

    /// Whether an inline object's properties, as parameters of a method beside those named here, each keep the
    /// Swift name they derive; when one would not (a path `id` and a body `id`, a body's `a-b` and `a_b`), the
    /// body is a model of its own, which the method takes whole.
    func leaveRoom(for schema: DocNode) -> Bool {
        var names = taken
        for pair in schema.node["properties"]?.pairs ?? [] {
            guard let key = pair.key.scalar, names.insert(namer.bareMemberName(key).lowercased()).inserted else {
                return false
            }
        }
        return true
    }
}
