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
    /// In a diff of OpenAPI documents, the answer the change is in, by its status key as the
    /// document writes it (`200`, `4XX`, `default`); nil for contracts and for the operation
    /// as a whole.
    public var response: String?

    /// Creates a change.
    public init(kind: ChangeKind, pointer: String, old: String, new: String, response: String? = nil) {
        self.kind = kind
        self.pointer = pointer
        self.old = old
        self.new = new
        self.response = response
    }

    /// Where reports show it: the pointer, after the answer's status when there is one
    /// (`200 /name`); `placeholder` when neither says.
    func place(or placeholder: String) -> String {
        let parts = [response ?? "", pointer].filter { !$0.isEmpty }
        return parts.isEmpty ? placeholder : parts.joined(separator: " ")
    }

    /// Whether the change can break a consumer.
    public var isBreaking: Bool { kind.isBreaking }
}
