/// One `"key": value` member of an object.
public struct JSONMember: Sendable {
    /// The decoded key.
    public var key: String
    /// The key string itself, as a value on the tape.
    public var keyNode: JSONNode
    /// The member's value.
    public var value: JSONNode

    /// Where the key's opening quote is (computed on demand: locations cost a scan).
    public var keyLocation: SourceLocation { keyNode.location }
}
