import Foundation
import SpecgenYAML

/// References and schemas: `$ref`s moved where 3.0 keeps them, and the small nodes the conversion makes.
extension Swagger2 {
    /// A subtree with every `$ref` to `definitions`, `parameters` or `responses` pointing where 3.0 keeps them,
    /// a `discriminator` naming its property, and `x-nullable` as `nullable`.
    static func references(_ node: YAMLNode) -> YAMLNode {
        switch node.content {
        case .scalar:
            return node
        case .sequence(let items):
            return YAMLNode(.sequence(items.map(references)), mark: node.mark, tag: node.tag)
        case .mapping(let pairs):
            let converted = pairs.map { pair -> YAMLPair in
                switch pair.key.scalar {
                case "$ref":
                    guard let text = pair.value.scalar else { return pair }
                    return YAMLPair(key: pair.key, value: scalar(reference(text), at: pair.value.mark))
                case "discriminator" where pair.value.scalar != nil:
                    let name = YAMLPair(key: scalar("propertyName", at: pair.value.mark), value: pair.value)
                    return YAMLPair(key: pair.key, value: mapping([name], at: pair.value.mark))
                case "x-nullable":
                    return YAMLPair(key: scalar("nullable", at: pair.key.mark), value: pair.value)
                case "type" where pair.value.scalar == "file":
                    return YAMLPair(key: pair.key, value: scalar("string", at: pair.value.mark))
                default:
                    return YAMLPair(key: pair.key, value: references(pair.value))
                }
            }
            return YAMLNode(.mapping(converted), mark: node.mark, tag: node.tag)
        }
    }

    /// `other.yaml#/definitions/Pet` → `other.yaml#/components/schemas/Pet`.
    static func reference(_ text: String) -> String {
        for (old, new) in [
            ("#/definitions/", "#/components/schemas/"), ("#/parameters/", "#/components/parameters/"),
            ("#/responses/", "#/components/responses/"),
        ] {
            if let range = text.range(of: old) { return text.replacingCharacters(in: range, with: new) }
        }
        return text
    }

    // MARK: - Nodes

    static func strings(_ node: YAMLNode?) -> [String]? {
        node?.items?.compactMap(\.scalar)
    }

    static func scalar(_ text: String, at mark: YAMLMark) -> YAMLNode {
        YAMLNode(.scalar(text, .doubleQuoted), mark: mark)
    }

    static func plain(_ text: String, at mark: YAMLMark) -> YAMLNode {
        YAMLNode(.scalar(text, .plain), mark: mark)
    }

    static func mapping(_ pairs: [YAMLPair], at mark: YAMLMark) -> YAMLNode {
        YAMLNode(.mapping(pairs), mark: mark)
    }
}
