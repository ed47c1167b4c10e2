import EnvelopeCore

/// The decoder ``SchemaProbe`` hands a type: it answers every request with a stand-in value
/// and remembers what was asked, which becomes the type's schema.
final class ProbeDecoder: Decoder {
    let probe: SchemaProbe
    /// An empty decoder: no keys, no elements, null (how empty optionals and collections are made).
    let empty: Bool
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// What the type asked for.
    var properties: [(name: String, schema: JSONValue, required: Bool)] = []
    var single: JSONValue?
    var isArray = false

    init(probe: SchemaProbe, empty: Bool) {
        self.probe = probe
        self.empty = empty
    }

    /// The schema of what was asked.
    var schema: JSONValue {
        if let single { return single }
        if isArray { return SchemaProbe.object(["type": .string("array")]) }
        var members = [JSONValue.Member(key: "type", value: .string("object"))]
        var seen: Set<String> = []
        var props: [JSONValue.Member] = []
        var required: [JSONValue] = []
        for property in properties where seen.insert(property.name).inserted {
            props.append(.init(key: property.name, value: property.schema))
            if property.required { required.append(.string(property.name)) }
        }
        if !props.isEmpty { members.append(.init(key: "properties", value: .object(props))) }
        if !required.isEmpty { members.append(.init(key: "required", value: .array(required))) }
        return .object(members)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ProbeKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        isArray = true
        return ProbeUnkeyedContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ProbeSingleValueContainer(decoder: self)
    }
}
