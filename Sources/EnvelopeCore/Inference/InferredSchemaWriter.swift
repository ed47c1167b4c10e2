/// Writes the places ``SchemaInferrer`` gathered as a JSON Schema, deciding first which object
/// schemas go to `$defs`:
///
/// - the items of an envelope's one list, as `$defs/item` (``InferenceOptions/extractItems``);
/// - a shape written at two or more places of the output (the `{name, url}` of forty links),
///   once, named after the key it sits under (``InferenceOptions/shareShapes``).
///
/// Two places have the same shape when their schemas, written inline, are the same text; the
/// text holds no place-specific detail, so that is exactly "the schema would say the same".
final class InferredSchemaWriter {
    let root: InferredPlace
    let options: InferenceOptions
    /// The `$defs` name of every place whose schema is written there.
    var definitionNames: [ObjectIdentifier: String] = [:]
    /// The definitions, sorted by name, with the place each is written from.
    var definitions: [(name: String, place: InferredPlace)] = []
    /// Each place's schema written inline, kept because the shape of a parent is written from
    /// its children's.
    private var inlineSchemas: [ObjectIdentifier: JSONValue] = [:]

    init(root: InferredPlace, options: InferenceOptions) {
        self.root = root
        self.options = options
        planDefinitions()
    }

    // MARK: - The schema

    /// The body schema, with `$defs` last when there are any.
    func schema() -> JSONValue {
        let body = schema(for: root, sharing: true)
        guard !definitions.isEmpty, case .object(var members) = body else { return body }
        members.append(JSONValue.Member(key: "$defs", value: .object(definitions.map {
            JSONValue.Member(key: $0.name, value: schema(for: $0.place, sharing: true))
        })))
        return .object(members)
    }

    /// The schema of `place` itself; with `sharing`, children that live in `$defs` are written
    /// as `$ref`s.
    private func schema(for place: InferredPlace, sharing: Bool) -> JSONValue {
        var members: [JSONValue.Member] = []
        func add(_ key: String, _ value: JSONValue) { members.append(JSONValue.Member(key: key, value: value)) }
        func child(_ place: InferredPlace) -> JSONValue {
            guard sharing else { return inlineSchema(place) }
            if let name = definitionNames[ObjectIdentifier(place)] {
                return .object([JSONValue.Member(key: "$ref", value: .string(Self.reference(to: name)))])
            }
            return schema(for: place, sharing: true)
        }
        let lacks = Self.lacks(place)
        if !lacks.isEmpty { add("$comment", .string(lacks.map(\.comment).joined(separator: " "))) }
        var types = place.typeNames
        guard !types.isEmpty else { return .object(members) }
        if place.nulls > 0 { types.append("null") }
        add("type", types.count == 1 ? .string(types[0]) : .array(types.map { .string($0) }))

        if place.strings > 0, let format = StringFormat.allCases.first(where: { place.formatMatches[$0] == place.strings }) {
            add("format", .string(format.rawValue))
        } else if let values = enumValues(place) {
            add("enum", .array(values.map { .string($0) } + (place.nulls > 0 ? [.null] : [])))
        }
        if place.objects > 0 {
            let keys = place.properties.keys.sorted(by: ByteOrder.precedes)
            if !keys.isEmpty {
                add("properties", .object(keys.compactMap { key in place.properties[key].map { JSONValue.Member(key: key, value: child($0)) } }))
            }
            let required: [String]
            switch options.required {
            case .common: required = keys.filter { place.keyCounts[$0] == place.objects }
            case .every: required = keys
            case .none: required = []
            }
            if !required.isEmpty { add("required", .array(required.map { .string($0) })) }
        }
        if place.arrays > 0 {
            if let items = place.items, items.occurrences > 0 {
                add("items", child(items))
            } else {
                add("items", .object([]))
            }
        }
        return .object(members)
    }

    func inlineSchema(_ place: InferredPlace) -> JSONValue {
        if let known = inlineSchemas[ObjectIdentifier(place)] { return known }
        let schema = schema(for: place, sharing: false)
        inlineSchemas[ObjectIdentifier(place)] = schema
        return schema
    }

    /// `#/$defs/NAME`, the name escaped for a JSON Pointer and then for a URI fragment.
    static func reference(to name: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        var fragment = ""
        for byte in JSONPointer.escape(name).utf8 {
            if unreserved.contains(byte) {
                fragment.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                fragment += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return "#/$defs/" + fragment
    }

    /// The strings of a place as an `enum`, when they form a small closed set of codes: only
    /// strings (and null) were seen, at least two distinct values and at most
    /// ``InferenceOptions/enumMaxValues``, each seen ``InferenceOptions/enumMinRepeats`` times
    /// on average outside repeated embedded objects, and every one a code (``EnumCandidate``).
    func enumValues(_ place: InferredPlace) -> [String]? {
        guard options.enumMaxValues > 0, place.strings > 0, !place.stringValuesOverflowed,
              place.strings + place.nulls == place.occurrences,
              place.stringValues.count >= 2, place.stringValues.count <= options.enumMaxValues,
              place.evidenceStrings >= place.stringValues.count * options.enumMinRepeats,
              place.longestString <= options.enumMaxLength,
              place.stringValues.allSatisfy({ EnumCandidate.rejection(of: $0, maxLength: options.enumMaxLength) == nil }) else { return nil }
        return place.stringValues.sorted(by: ByteOrder.precedes)
    }

    // MARK: - Notes

    /// What the samples could not say at `place`, in a fixed order.
    static func lacks(_ place: InferredPlace) -> [InferenceNote.Kind] {
        var kinds: [InferenceNote.Kind] = []
        if place.typeNames.isEmpty, place.nulls > 0 { kinds.append(.onlyNull) }
        if place.arrays > 0, (place.items?.occurrences ?? 0) == 0 { kinds.append(.noElements) }
        if place.objects > 0, place.properties.isEmpty { kinds.append(.noKeys) }
        return kinds
    }

    /// The notes for every place of the answers, in the order of their pointers' keys.
    static func notes(_ root: InferredPlace) -> [InferenceNote] {
        var notes: [InferenceNote] = []
        func visit(_ place: InferredPlace, _ pointer: String) {
            notes += Self.lacks(place).map { InferenceNote(pointer: pointer, kind: $0) }
            for (token, _, child) in children(of: place, named: "") { visit(child, JSONPointer.appending(token, to: pointer)) }
        }
        visit(root, "")
        return notes
    }

    /// The places directly inside `place` (its members by key, then its items as `*`), each
    /// with the name a shared shape there would take: the key, or the array's own name for
    /// its items.
    static func children(of place: InferredPlace, named name: String) -> [(token: String, name: String, place: InferredPlace)] {
        var result: [(token: String, name: String, place: InferredPlace)] = []
        for key in place.properties.keys.sorted(by: ByteOrder.precedes) {
            if let child = place.properties[key] { result.append((key, key, child)) }
        }
        if let items = place.items, items.occurrences > 0 { result.append(("*", name.isEmpty ? "item" : name, items)) }
        return result
    }
}
