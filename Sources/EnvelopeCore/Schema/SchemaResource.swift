/// One schema document (a file): the unit that `$anchor`, `$dynamicAnchor` and relative
/// `$ref`s are resolved in.
public struct SchemaResource: Sendable {
    /// The file, relative to the contracts folder (`../api/openapi.json` for one beside it).
    public var file: String
    /// `$dynamicAnchor` names declared in the file, with their schemas.
    public var dynamicAnchors: [String: Int] = [:]
}
