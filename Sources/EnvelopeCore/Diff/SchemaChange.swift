/// One classified change between two contract versions.
public struct SchemaChange: Sendable, Hashable {
    /// What changed.
    public var kind: ChangeKind
    /// The place in the response body, a JSON Pointer with `*` for array elements (the same
    /// pointers drift findings use); empty for the request, status and headers.
    public var pointer: String
    /// The old state, in words (`string`, `minimum 0`, `absent`).
    public var old: String
    /// The new state, in words.
    public var new: String

    /// Creates a change.
    public init(kind: ChangeKind, pointer: String, old: String, new: String) {
        self.kind = kind
        self.pointer = pointer
        self.old = old
        self.new = new
    }

    /// Whether the change can break a consumer.
    public var isBreaking: Bool { kind.isBreaking }
}
