extension SchemaNode {
    /// Where a compiled schema came from in its compiler: the document's place among the
    /// compiler's tables of compiled schemas, and the tape entry of the schema's JSON.
    struct Origin: Sendable {
        /// The document's table (-1 for none).
        var table: Int32 = -1
        /// The tape entry the schema was compiled from; -1 for a schema the compiler made
        /// itself (the inner half of a `nullable`, a `discriminator`'s tests), which no
        /// place names.
        var tape: Int32 = -1
    }

    /// Appends to `links` every subschema the schema at `node` links to, by index.
    ///
    /// ``relink(_:)`` rewrites the very same links: the two list every field that holds an
    /// index, and a test holds them to it. (Read through a pointer, field by field: a method
    /// called on a schema in a buffer would copy the whole schema first.)
    static func appendLinks(of node: UnsafePointer<SchemaNode>, to links: inout [Int]) {
        if let ref = node.pointee.ref { links.append(ref) }
        if let fallback = node.pointee.dynamicRef?.fallback { links.append(fallback) }
        for link in [node.pointee.additionalProperties, node.pointee.items, node.pointee.propertyNames,
                     node.pointee.unevaluatedProperties, node.pointee.unevaluatedItems, node.pointee.contains,
                     node.pointee.ifSchema, node.pointee.thenSchema, node.pointee.elseSchema, node.pointee.not] {
            if let link { links.append(link) }
        }
        for property in node.pointee.properties { links.append(property.schema) }
        for property in node.pointee.patternProperties { links.append(property.schema) }
        for dependent in node.pointee.dependentSchemas { links.append(dependent.schema) }
        links += node.pointee.allOf
        links += node.pointee.anyOf
        links += node.pointee.oneOf
        links += node.pointee.prefixItems
    }

    /// Replaces every subschema index `i` this schema links to by `transform(i)`: a schema
    /// copied into another set of compiled schemas points at the copies there.
    mutating func relink(_ transform: (Int) -> Int) {
        ref = ref.map(transform)
        if let fallback = dynamicRef?.fallback { dynamicRef?.fallback = transform(fallback) }
        additionalProperties = additionalProperties.map(transform)
        items = items.map(transform)
        propertyNames = propertyNames.map(transform)
        unevaluatedProperties = unevaluatedProperties.map(transform)
        unevaluatedItems = unevaluatedItems.map(transform)
        contains = contains.map(transform)
        ifSchema = ifSchema.map(transform)
        thenSchema = thenSchema.map(transform)
        elseSchema = elseSchema.map(transform)
        not = not.map(transform)
        for index in properties.indices { properties[index].schema = transform(properties[index].schema) }
        for index in patternProperties.indices { patternProperties[index].schema = transform(patternProperties[index].schema) }
        for index in dependentSchemas.indices { dependentSchemas[index].schema = transform(dependentSchemas[index].schema) }
        allOf = allOf.map(transform)
        anyOf = anyOf.map(transform)
        oneOf = oneOf.map(transform)
        prefixItems = prefixItems.map(transform)
    }
}
