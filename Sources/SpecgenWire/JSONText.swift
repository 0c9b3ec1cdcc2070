package import Foundation
package import SpecgenSpec

/// JSON text to and from ``SpecValue``: keys keep their order on the way out, so answers are byte-stable.
package enum JSONText {
    /// Parses JSON; nil when the bytes are not JSON.
    package static func parse(_ data: Data) -> SpecValue? {
        (try? JSONDecoder().decode(DecodedJSON.self, from: data))?.value
    }

    /// Writes compact JSON.
    package static func encode(_ value: SpecValue) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    private static func write(_ value: SpecValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let bool): out += bool ? "true" : "false"
        case .int(let int): out += String(int)
        case .double(let double): out += JSONLiteral.number(double)
        case .string(let string): out += JSONLiteral.string(string)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                write(item, to: &out)
            }
            out += "]"
        case .object(let entries):
            out += "{"
            for (index, entry) in entries.enumerated() {
                if index > 0 { out += "," }
                out += JSONLiteral.string(entry.key)
                out += ":"
                write(entry.value, to: &out)
            }
            out += "}"
        }
    }
}

/// Decodes any JSON into a ``SpecValue``, telling booleans, integers and other numbers apart.
private struct DecodedJSON: Decodable {
    var value: SpecValue

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            // Keys sorted, so a parsed body reports problems in a stable order.
            value = .object(
                try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                    SpecValueEntry(key: key.stringValue, value: try object.decode(DecodedJSON.self, forKey: key).value)
                })
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var items: [SpecValue] = []
            while !array.isAtEnd { items.append(try array.decode(DecodedJSON.self).value) }
            value = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            value = .null
        } else if let bool = try? single.decode(Bool.self) {
            value = .bool(bool)
        } else if let int = try? single.decode(Int.self) {
            value = .int(int)
        } else if let double = try? single.decode(Double.self) {
            value = .double(double)
        } else {
            value = .string(try single.decode(String.self))
        }
    }
}

extension SpecValue {
    /// The value of a key of an object, or nil.
    subscript(key: String) -> SpecValue? {
        guard case .object(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// `other` laid over `self`: objects merge key by key, anything else is replaced.
    package func merged(with other: SpecValue) -> SpecValue {
        guard case .object(var entries) = self, case .object(let overrides) = other else { return other }
        for override in overrides {
            if let index = entries.firstIndex(where: { $0.key == override.key }) {
                entries[index].value = entries[index].value.merged(with: override.value)
            } else {
                entries.append(override)
            }
        }
        return .object(entries)
    }
}
