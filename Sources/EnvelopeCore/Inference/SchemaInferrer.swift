/// Infers a JSON Schema (2020-12) from sample documents: `envelope infer`.
///
/// Feed it samples with ``add(_:)``, then read ``schema()``. The schema says what every sample
/// has in common and no more:
///
/// - `type`: `integer` when every number is whole, else `number`; several types as a list;
///   `"null"` added when null was seen beside other values. A place that only ever held null
///   gets no `type` (the samples do not say what it holds when it has a value), an array that
///   was always empty `"items": {}`, and both a `$comment` saying so (see ``notes()``).
/// - Objects: `properties` for every key seen, `required` by ``InferenceOptions/required``
///   (by default the keys present in every object seen at that place).
///   `additionalProperties` is left unset, so a new key is reported as an `unknown-key`
///   warning rather than rejected.
/// - Arrays: the elements of all arrays at a place are merged into one `items` schema.
/// - `enum` for small closed sets of codes (see ``InferenceOptions``); never for links, paths,
///   ids or free text, and strings inside an object seen before at its place count once.
/// - `format` (date-time, date, uri, email, uuid) when every string at the place matches.
/// - `$defs`: the items of an envelope's one list as `item`, and any object shape the schema
///   would write at two or more places, once, named after its key.
///
/// The output is the same whatever the order of samples, of array elements and of keys:
/// properties and `required` are sorted by their UTF-8 bytes, `enum` values and `$defs`
/// likewise, and keywords are written in one fixed order (`$comment`, `type`, `format`,
/// `enum`, `properties`, `required`, `items`, `$defs`).
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
        root.add(document.root, options: options, fingerprints: ObjectFingerprints(document.root))
    }

    /// The inferred schema as JSON, ready to be written as a contract's `response.body`.
    public func schema() -> JSONValue {
        InferredSchemaWriter(root: root, options: options).schema()
    }

    /// The places where the samples could not say what a field holds (only null, only empty
    /// arrays, only empty objects), in the order of their pointers' keys; the schema carries a
    /// `$comment` at each.
    public func notes() -> [InferenceNote] {
        InferredSchemaWriter.notes(root)
    }
}
