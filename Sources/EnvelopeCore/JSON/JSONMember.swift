/// One `"key": value` member of an object.
public struct JSONMember: Sendable {
    /// The decoded key.
    public var key: String
    /// Where the key's opening quote is.
    public var keyLocation: SourceLocation
    /// The member's value.
    public var value: JSONNode
}
