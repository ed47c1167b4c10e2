/// A place where the samples could not say what a field holds, so the inferred schema says
/// less than a reviewer needs: `envelope infer` prints one note per place on standard error,
/// and the schema carries a `$comment` there.
public struct InferenceNote: Sendable, Hashable {
    /// What the samples lacked.
    public enum Kind: Sendable, Hashable {
        /// Only null was seen: the schema has no `type` there.
        case onlyNull
        /// Every array was empty: its `items` are `{}`, which allows anything.
        case noElements
        /// Every object was empty: it has no `properties`.
        case noKeys
    }

    /// The place in the answers, a JSON Pointer with `*` for array elements
    /// (`/data/orders/*/tags`); empty for the body itself.
    public var pointer: String
    /// What the samples lacked there.
    public var kind: Kind

    /// Creates a note.
    public init(pointer: String, kind: Kind) {
        self.pointer = pointer
        self.kind = kind
    }

    /// The note as one line for standard error, without `note: ` or a newline.
    public var message: String {
        let place = pointer.isEmpty ? "the body" : pointer
        switch kind {
        case .onlyNull: return "\(place): only null was seen, so the schema gives no type; add the type it has when set"
        case .noElements: return "\(place): every array was empty, so its items are {} (anything); describe them in items"
        case .noKeys: return "\(place): every object was empty, so it has no properties; add them, or additionalProperties for a map"
        }
    }
}

extension InferenceNote.Kind {
    /// The `$comment` the schema carries at a place the samples left this way.
    var comment: String {
        switch self {
        case .onlyNull: return "Only null was seen here in the samples; add the type it has when it has a value."
        case .noElements: return "Every array here was empty in the samples, so the items are unknown; describe them in items."
        case .noKeys: return "Every object here was empty in the samples; add its properties, or additionalProperties if it is a map."
        }
    }
}
