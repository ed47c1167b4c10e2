#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SchemaNode {
    /// Precomputes the byte-level look-up structures the validator's hot path uses.
    mutating func prepare() {
        propertyKeys = properties.map { Array($0.name.utf8) }
        var capacity = 4
        while capacity < properties.count * 2 { capacity *= 2 }
        propertyTable = properties.isEmpty ? [] : [Int32](repeating: 0, count: capacity)
        for (position, key) in propertyKeys.enumerated() {
            var slot = Int(SchemaNode.hash(key) & UInt64(capacity - 1))
            // Later duplicates never happen: `properties` comes from a JSON object parsed with
            // duplicate keys rejected.
            while propertyTable[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            propertyTable[slot] = Int32(position + 1)
        }
        requiredDeclared = []
        requiredUndeclared = []
        for name in required {
            if let position = propertyKeys.firstIndex(where: { $0.elementsEqual(name.utf8) }) {
                requiredDeclared.append(position)
            } else {
                requiredUndeclared.append(name)
            }
        }
        optionalDeclared = properties.indices.filter { !requiredDeclared.contains($0) }
        if let values = enumValues, values.allSatisfy({ if case .string = $0 { true } else { false } }) {
            stringEnum = values.compactMap { if case .string(let text) = $0 { Array(text.utf8) } else { nil } }
        }
        hasObjectKeywords = !properties.isEmpty || !required.isEmpty || additionalProperties != nil || !patternProperties.isEmpty
            || propertyNames != nil || minProperties != nil || maxProperties != nil || !dependentRequired.isEmpty
            || !dependentSchemas.isEmpty || unevaluatedProperties != nil
        hasArrayKeywords = !prefixItems.isEmpty || items != nil || minItems != nil || maxItems != nil || uniqueItems
            || contains != nil || unevaluatedItems != nil
        hasStringKeywords = minLength != nil || maxLength != nil || pattern != nil || (format != nil && assertsFormat)
        hasNumberKeywords = minimum != nil || maximum != nil || exclusiveMinimum != nil || exclusiveMaximum != nil || multipleOf != nil
        hasCombinators = !allOf.isEmpty || !anyOf.isEmpty || !oneOf.isEmpty || not != nil || ifSchema != nil
    }

    /// The index into ``properties`` of the property whose name is `key`'s bytes.
    @inline(__always)
    func propertyIndex(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !propertyTable.isEmpty else { return nil }
        let mask = propertyTable.count - 1
        var slot = Int(SchemaNode.hash(key) & UInt64(mask))
        while true {
            let entry = Int(propertyTable[slot])
            if entry == 0 { return nil }
            let candidate = propertyKeys[entry - 1]
            if candidate.count == key.count && candidate.withUnsafeBufferPointer({ memoryEquals($0, key) }) { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// FNV-1a over bytes.
    @inline(__always)
    static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}

/// Whether two equally long byte buffers are equal.
@inline(__always)
func memoryEquals(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.baseAddress, let y = b.baseAddress else { return a.count == 0 }
    return memcmp(x, y, a.count) == 0
}
