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
        while capacity < properties.count * 4 { capacity *= 2 }
        propertyTable = properties.isEmpty ? [] : [UInt64](repeating: 0, count: capacity)
        for (position, key) in propertyKeys.enumerated() {
            let hash = key.withUnsafeBufferPointer { SchemaNode.hash($0) }
            var slot = Int(hash & UInt64(capacity - 1))
            // Later duplicates never happen: `properties` comes from a JSON object parsed with
            // duplicate keys rejected.
            while propertyTable[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            propertyTable[slot] = hash & SchemaNode.tagMask | UInt64(position + 1)
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
        let hash = SchemaNode.hash(key)
        let tag = hash & SchemaNode.tagMask
        var slot = Int(hash & UInt64(mask))
        while true {
            let entry = propertyTable[slot]
            if entry == 0 { return nil }
            if entry & SchemaNode.tagMask == tag {
                let position = Int(truncatingIfNeeded: entry & ~SchemaNode.tagMask) - 1
                if propertyKeys[position].withUnsafeBufferPointer({ memoryEquals($0, key) }) { return position }
            }
            slot = (slot + 1) & mask
        }
    }

    /// The part of a key hash kept in a property table slot beside the property's index.
    static var tagMask: UInt64 { 0xFFFF_FFFF_0000_0000 }

    /// The hash of a key's bytes for the property table: eight bytes per multiply (a byte at
    /// a time was a third of the object loop on 8–16 byte keys).
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        let count = key.count
        var hash = UInt64(truncatingIfNeeded: count) &* multiplier
        guard let base = key.baseAddress, count > 0 else { return hash }
        @inline(__always) func mix(_ word: UInt64) {
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 32
        }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        @inline(__always) func half(_ offset: Int) -> UInt64 { UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        // Short keys in one or two loads that may overlap (never reading outside the key);
        // with the length mixed in first, every key of a given length maps to its own words.
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                mix(word(offset))
                offset += 8
            }
            mix(word(count - 8))
        } else if count >= 4 {
            mix(half(0) | half(count - 4) << 32)
        } else {
            mix(UInt64(base[0]) | UInt64(base[count >> 1]) << 8 | UInt64(base[count - 1]) << 16)
        }
        return hash
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
