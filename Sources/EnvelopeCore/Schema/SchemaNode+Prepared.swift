#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SchemaNode {
    /// Sorts out, once compilation is done, what validation asks of every object: which
    /// required names it declares and which properties are optional, and which families of
    /// keywords the schema has at all. (``SchemaTables`` holds the byte-level look-ups.)
    mutating func prepare() {
        requiredDeclared = []
        requiredUndeclared = []
        for name in required {
            // Compared as bytes: JSON Schema names are code points, not canonically equal text.
            if let position = properties.firstIndex(where: { $0.name.utf8.elementsEqual(name.utf8) }) {
                requiredDeclared.append(position)
            } else {
                requiredUndeclared.append(name)
            }
        }
        optionalDeclared = properties.indices.filter { !requiredDeclared.contains($0) }
        hasObjectKeywords = !properties.isEmpty || !required.isEmpty || additionalProperties != nil || !patternProperties.isEmpty
            || propertyNames != nil || minProperties != nil || maxProperties != nil || !dependentRequired.isEmpty
            || !dependentSchemas.isEmpty || unevaluatedProperties != nil
        hasArrayKeywords = !prefixItems.isEmpty || items != nil || minItems != nil || maxItems != nil || uniqueItems
            || contains != nil || unevaluatedItems != nil
        hasStringKeywords = minLength != nil || maxLength != nil || pattern != nil || (format != nil && assertsFormat)
        hasNumberKeywords = minimum != nil || maximum != nil || exclusiveMinimum != nil || exclusiveMaximum != nil || multipleOf != nil
        hasCombinators = !allOf.isEmpty || !anyOf.isEmpty || !oneOf.isEmpty || not != nil || ifSchema != nil
    }
}

/// Whether two equally long byte buffers are equal.
@inline(__always)
func memoryEquals(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.baseAddress, let y = b.baseAddress else { return a.count == 0 }
    // Keys are mostly short: compare in words inline (the last word overlapping the one
    // before it) rather than call memcmp.
    let count = a.count
    let p = UnsafeRawPointer(x), q = UnsafeRawPointer(y)
    if count >= 8 {
        var i = 0
        while i + 8 < count {
            if p.loadUnaligned(fromByteOffset: i, as: UInt64.self) != q.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
            i += 8
        }
        return p.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == q.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
    if count >= 4 {
        return p.loadUnaligned(as: UInt32.self) == q.loadUnaligned(as: UInt32.self)
            && p.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == q.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }
    var i = 0
    while i < count {
        if x[i] != y[i] { return false }
        i += 1
    }
    return true
}
