/// A set of compiled schemas that refer to each other by index; `$ref` cycles are allowed
/// (recursive schemas) because links are indices, not nesting.
public struct CompiledSchema: Sendable {
    /// Every schema, in the order compiled.
    public var nodes: [SchemaNode] = []
    /// The files the schemas came from, with their dynamic anchors.
    public var resources: [SchemaResource] = []

    /// Creates an empty set.
    public init() {}
}
