/// Infers a JSON Schema (2020-12) from sample documents: `envelope infer`.
///
/// Feed it samples with ``add(_:)``, then read ``schema()``. The schema says what every sample
/// has in common and no more:
///
/// - `type`: `integer` when every number is whole, else `number`; several types as a list;
///   `"null"` added when null was seen beside other values. A place that only ever held null
///   gets no `type` (the samples do not say what it holds when it has a value) and a
///   `description` saying so.
/// - Objects: `properties` for every key seen, `required` for keys present in every object
///   seen at that place. `additionalProperties` is left unset, so a new key is reported as an
///   `unknown-key` warning rather than rejected.
/// - Arrays: the elements of all arrays at a place are merged into one `items` schema.
/// - `enum` for small closed sets of strings (see ``InferenceOptions``).
/// - `format` (date-time, date, uri, email, uuid) when every string at the place matches.
///
/// The output is the same whatever the order of samples, of array elements and of keys:
/// properties and `required` are sorted by their UTF-8 bytes, `enum` values likewise, and
/// keywords are written in one fixed order (`description`, `type`, `format`, `enum`,
/// `properties`, `required`, `items`, `$defs`).
public struct SchemaInferrer {
    /// The thresholds in use.
    public let options: InferenceOptions
    private let root = InferredPlace()
    /// How many samples were added.
    public private(set) var sampleCount = 0

    /// Creates an inferrer with `options`.
    public init(options: InferenceOptions = InferenceOptions()) {
        self.options = options
    }

    /// Adds one sample document.
    public mutating func add(_ document: JSONDocument) {
        sampleCount += 1
        root.add(document.root, options: options)
    }

    /// The inferred schema as JSON, ready to be written as a contract's `response.body`.
    public func schema() -> JSONValue {
        guard options.extractItems, let itemPath = envelopeItemPath() else {
            return schema(for: root, itemPath: nil, here: [])
        }
        var body = schema(for: root, itemPath: itemPath, here: [])
        guard case .object(var members) = body, let items = itemPlace(at: itemPath) else { return body }
        members.append(JSONValue.Member(key: "$defs", value: .object([
            JSONValue.Member(key: "item", value: schema(for: items, itemPath: nil, here: [])),
        ])))
        body = .object(members)
        return body
    }

    // MARK: - The envelope

    /// The property path to the one array of objects inside an object envelope, when there is
    /// exactly one: `["result", "list"]` for `{"result": {"list": [{...}]}}`. Its items go
    /// to `$defs/item`, which is how the generic `Root<T>` the seeds decode looks.
    func envelopeItemPath() -> [String]? {
        guard root.isObjectsOnly else { return nil }
        var found: [[String]] = []
        func visit(_ place: InferredPlace, _ path: [String]) {
            for key in place.properties.keys.sorted(by: ByteOrder.precedes) {
                guard let child = place.properties[key] else { continue }
                if child.arrays > 0, let items = child.items, items.objects > 0 {
                    found.append(path + [key])
                } else if child.objects > 0 {
                    visit(child, path + [key])
                }
            }
        }
        visit(root, [])
        return found.count == 1 ? found[0] : nil
    }

    private func itemPlace(at path: [String]) -> InferredPlace? {
        var place: InferredPlace? = root
        for key in path { place = place?.properties[key] }
        return place?.items
    }

    // MARK: - Writing the schema

    private func schema(for place: InferredPlace, itemPath: [String]?, here: [String]) -> JSONValue {
        var members: [JSONValue.Member] = []
        func add(_ key: String, _ value: JSONValue) { members.append(JSONValue.Member(key: key, value: value)) }
        var types = place.typeNames
        if types.isEmpty {
            if place.nulls > 0 {
                add("description", .string("Only null was seen here in the samples; add the type it has when it has a value."))
            }
            return .object(members)
        }
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
                add("properties", .object(keys.compactMap { key in
                    place.properties[key].map { JSONValue.Member(key: key, value: schema(for: $0, itemPath: itemPath, here: here + [key])) }
                }))
            }
            let required = keys.filter { place.keyCounts[$0] == place.objects }
            if !required.isEmpty { add("required", .array(required.map { .string($0) })) }
        }
        if place.arrays > 0, let items = place.items, items.occurrences > 0 {
            if let itemPath, itemPath == here {
                add("items", .object([JSONValue.Member(key: "$ref", value: .string("#/$defs/item"))]))
            } else {
                add("items", schema(for: items, itemPath: itemPath, here: here + ["*"]))
            }
        }
        return .object(members)
    }

    /// The strings of a place as an `enum`, when they form a small closed set: only strings
    /// (and null) were seen, at least two distinct values and at most ``InferenceOptions/enumMaxValues``,
    /// each seen ``InferenceOptions/enumMinRepeats`` times on average, none longer than
    /// ``InferenceOptions/enumMaxLength``.
    func enumValues(_ place: InferredPlace) -> [String]? {
        guard options.enumMaxValues > 0, place.strings > 0, !place.stringValuesOverflowed,
              place.strings + place.nulls == place.occurrences,
              place.stringValues.count >= 2, place.stringValues.count <= options.enumMaxValues,
              place.strings >= place.stringValues.count * options.enumMinRepeats,
              place.longestString <= options.enumMaxLength else { return nil }
        return place.stringValues.sorted(by: ByteOrder.precedes)
    }
}
