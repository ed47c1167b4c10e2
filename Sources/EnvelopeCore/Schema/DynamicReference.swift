/// A `$dynamicRef`, resolved as far as loading can: the schema it names statically, and the
/// anchor name to look up in the dynamic scope when that schema is itself a `$dynamicAnchor`.
public struct DynamicReference: Sendable {
    /// The anchor name (`item` for `#item`).
    public var anchor: String
    /// The schema the reference names when the dynamic scope offers nothing else.
    public var fallback: Int
    /// Whether the fallback carries a `$dynamicAnchor` of the same name (only then does the
    /// dynamic scope take part, per JSON Schema 2020-12 §8.2.3.2).
    public var isDynamic: Bool
}
