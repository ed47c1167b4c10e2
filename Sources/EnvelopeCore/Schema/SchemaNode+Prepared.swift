extension SchemaNode {
    /// Sorts out, once compilation is done, what validation asks of every object: which
    /// required names it declares and which properties are optional, and which families of
    /// keywords the schema has at all. (``SchemaTables`` holds the byte-level look-ups.)
    mutating func prepare() {
        requiredDeclared = []
        requiredUndeclared = []
        // Most schemas (a property's type, an item's) name no properties: no lists to make.
        optionalDeclared = []
        if !properties.isEmpty || !required.isEmpty { sortOutProperties() }
        hasRareObjectKeywords = !patternProperties.isEmpty || propertyNames != nil || minProperties != nil
            || maxProperties != nil || !dependentRequired.isEmpty || !dependentSchemas.isEmpty || unevaluatedProperties != nil
        hasObjectKeywords = !properties.isEmpty || !required.isEmpty || additionalProperties != nil || hasRareObjectKeywords
        hasUnevaluated = unevaluatedProperties != nil || unevaluatedItems != nil
        hasArrayKeywords = items != nil || !prefixItems.isEmpty || minItems != nil || maxItems != nil || uniqueItems
            || contains != nil || unevaluatedItems != nil
        hasStringKeywords = (format != nil && assertsFormat) || minLength != nil || maxLength != nil || pattern != nil
        hasNumberKeywords = minimum != nil || maximum != nil || exclusiveMinimum != nil || exclusiveMaximum != nil
            || multipleOf != nil
        hasCombinators = !allOf.isEmpty || !anyOf.isEmpty || !oneOf.isEmpty || not != nil || ifSchema != nil
    }

    /// Which required names ``properties`` declares, and which properties are optional.
    private mutating func sortOutProperties() {
        for name in required {
            // Compared as bytes: JSON Schema names are code points, not canonically equal text.
            if let position = properties.firstIndex(where: { $0.name.utf8.elementsEqual(name.utf8) }) {
                requiredDeclared.append(position)
            } else {
                requiredUndeclared.append(name)
            }
        }
        optionalDeclared = properties.indices.filter { !requiredDeclared.contains($0) }
    }
}
