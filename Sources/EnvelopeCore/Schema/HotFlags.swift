/// The bits of ``ValidationRun/hotFlags``: a schema's types in the low byte, then whether it
/// has a type, whether it is a leaf (and one with nothing but a type) and whether it is `true`
/// or `false`.
enum HotFlags {
    static let hasTypes: UInt16 = 1 << 8
    static let leaf: UInt16 = 1 << 9
    static let typeOnlyLeaf: UInt16 = 1 << 10
    static let boolean: UInt16 = 1 << 11
    /// The schema is a `$ref` or a `$dynamicRef` and nothing else that `evaluate` looks at:
    /// its verdict is its target's (`Root<T>`'s items reach the item schema through two such).
    static let pureReference: UInt16 = 1 << 12

    /// The flags of `node`.
    static func flags(_ node: SchemaNode) -> UInt16 {
        var flags = UInt16(node.types?.rawValue ?? 0)
        if node.types != nil { flags |= hasTypes }
        if node.booleanValue != nil { flags |= boolean }
        // A leaf applies no other schema and looks at no member or item: it needs no object
        // frame, dynamic scope or recursion guard.
        let isLeaf = node.booleanValue == nil && !node.hasObjectKeywords && !node.hasArrayKeywords && !node.hasCombinators
            && node.ref == nil && node.dynamicRef == nil
        if isLeaf {
            flags |= leaf
            if node.enumValues == nil && node.constValue == nil && !node.hasStringKeywords && !node.hasNumberKeywords {
                flags |= typeOnlyLeaf
            }
        }
        // Every keyword `evaluate` acts on, other than the one reference.
        let onlyReference = node.booleanValue == nil && node.types == nil && node.enumValues == nil && node.constValue == nil
            && !node.hasObjectKeywords && !node.hasArrayKeywords && !node.hasStringKeywords && !node.hasNumberKeywords
            && !node.hasCombinators && node.unevaluatedProperties == nil && node.unevaluatedItems == nil
            && (node.ref == nil) != (node.dynamicRef == nil)
        if onlyReference { flags |= pureReference }
        return flags
    }
}
