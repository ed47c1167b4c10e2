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

    /// Calls `body` with every subschema this schema links to, by index.
    ///
    /// ``relink(_:)`` rewrites the very same links: the two list every field that holds an
    /// index, and a test holds them to it.
    func forEachLink(_ body: (Int) -> Void) {
        // One by one rather than a list of them: this runs for every schema copied.
        if let ref { body(ref) }
        if let fallback = dynamicRef?.fallback { body(fallback) }
        if let additionalProperties { body(additionalProperties) }
        if let items { body(items) }
        if let propertyNames { body(propertyNames) }
        if let unevaluatedProperties { body(unevaluatedProperties) }
        if let unevaluatedItems { body(unevaluatedItems) }
        if let contains { body(contains) }
        if let ifSchema { body(ifSchema) }
        if let thenSchema { body(thenSchema) }
        if let elseSchema { body(elseSchema) }
        if let not { body(not) }
        for property in properties { body(property.schema) }
        for property in patternProperties { body(property.schema) }
        for dependent in dependentSchemas { body(dependent.schema) }
        for branch in allOf { body(branch) }
        for branch in anyOf { body(branch) }
        for branch in oneOf { body(branch) }
        for item in prefixItems { body(item) }
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
