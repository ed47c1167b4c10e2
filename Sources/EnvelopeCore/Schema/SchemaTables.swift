/// Flat copies of what the validator's inner loops read from the schemas — property tables
/// and key bytes, required properties, enums of strings, `$dynamicRef` anchors — in memory
/// that no reference count guards. Made at the start of a validation, freed at its end.
///
/// Why not read the arrays of ``SchemaNode``: an array held across a call is retained and
/// released, and when several cores validate shares of one array those counts sit in cache
/// lines that every core writes, which stalls the loads beside them.
struct SchemaTables {
    /// Where one schema's data starts in the flat lists, and how much of it there is.
    struct Entry {
        /// Index of its first property in ``propertySchemas`` and ``strings``.
        var firstProperty: Int32 = 0
        var propertyCount: Int32 = 0
        /// Index of its first slot in ``slots``, and the table's capacity - 1.
        var firstSlot: Int32 = 0
        var slotMask: Int32 = 0
        /// Index of its first entry in ``required``.
        var firstRequired: Int32 = 0
        var requiredCount: Int32 = 0
        /// Index of its first entry in ``optional``.
        var firstOptional: Int32 = 0
        var optionalCount: Int32 = 0
        /// A bit per required property, by position, when it has at most 64 properties:
        /// an object that has them all is settled with one comparison.
        var requiredMask: UInt64 = 0
        /// Index of its first enum string in ``strings``; -1 when its enum is not all strings.
        var firstEnumString: Int32 = 0
        var enumStringCount: Int32 = -1
        /// The schema its `$dynamicRef` names statically (-1 without one), and the anchor
        /// looked up in the dynamic scope (-1 when the reference is static).
        var dynamicFallback: Int32 = -1
        var dynamicAnchor: Int32 = -1
    }

    /// The one allocation every list below lives in.
    private let storage: UnsafeMutableRawPointer
    let entries: UnsafeMutableBufferPointer<Entry>
    /// Each schema's ``HotFlags``.
    let hotFlags: UnsafeMutableBufferPointer<UInt16>
    /// Open-addressing tables, a quarter full: each slot holds the key hash's upper half and
    /// the property's position + 1 in the lower (0 when empty), so a probe that meets another
    /// key rejects it without touching that key's bytes.
    let slots: UnsafeMutableBufferPointer<UInt64>
    /// Each property's schema.
    let propertySchemas: UnsafeMutableBufferPointer<Int>
    /// Property names, then enum strings, as UTF-8: string i is
    /// `stringBytes[stringStarts[i]..<stringStarts[i + 1]]`.
    let stringStarts: UnsafeMutableBufferPointer<Int>
    let stringBytes: UnsafeMutableBufferPointer<UInt8>
    /// Positions (within its schema's properties) of the required properties it declares.
    let required: UnsafeMutableBufferPointer<Int32>
    /// Positions of the properties it declares but does not require (tallied for
    /// `optional-never-present`).
    let optional: UnsafeMutableBufferPointer<Int32>
    /// Per resource, its dynamic anchors as (anchor, schema) pairs:
    /// `anchors[anchorStarts[r]..<anchorStarts[r + 1]]`.
    let anchorStarts: UnsafeMutableBufferPointer<Int>
    let anchors: UnsafeMutableBufferPointer<(anchor: Int32, target: Int32)>

    /// Builds the tables for `nodes`, whose `$dynamicAnchor`s are listed in `resources`.
    ///
    /// Two passes: the first measures, the second fills buffers of exactly that size. This
    /// runs once per answer validated, where growing arrays and then copying them into
    /// buffers would cost a noticeable share of validating a small answer.
    init(nodes: UnsafeBufferPointer<SchemaNode>, resources: [SchemaResource]) {
        let stringEnums = Self.stringEnums(in: nodes)
        let sizes = Sizes(nodes: nodes, stringEnums: stringEnums, resources: resources)
        // Every list in one allocation, each starting on a 16-byte boundary: one malloc and
        // one free per validation rather than one for each list.
        var size = 0
        let places = (entries: Self.reserve(Entry.self, sizes.nodes, after: &size),
                      hotFlags: Self.reserve(UInt16.self, sizes.nodes, after: &size),
                      slots: Self.reserve(UInt64.self, sizes.slots, after: &size),
                      propertySchemas: Self.reserve(Int.self, sizes.properties, after: &size),
                      stringStarts: Self.reserve(Int.self, sizes.strings + 1, after: &size),
                      stringBytes: Self.reserve(UInt8.self, sizes.bytes, after: &size),
                      required: Self.reserve(Int32.self, sizes.required, after: &size),
                      optional: Self.reserve(Int32.self, sizes.optional, after: &size),
                      anchorStarts: Self.reserve(Int.self, sizes.resources + 1, after: &size),
                      anchors: Self.reserve((anchor: Int32, target: Int32).self, sizes.anchors, after: &size))
        let storage = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: 16)
        self.storage = storage
        entries = Self.region(of: storage, at: places.entries, count: sizes.nodes, repeating: Entry())
        hotFlags = Self.region(of: storage, at: places.hotFlags, count: sizes.nodes, repeating: UInt16(0))
        slots = Self.region(of: storage, at: places.slots, count: sizes.slots, repeating: UInt64(0))
        propertySchemas = Self.region(of: storage, at: places.propertySchemas, count: sizes.properties, repeating: 0)
        stringStarts = Self.region(of: storage, at: places.stringStarts, count: sizes.strings + 1, repeating: 0)
        stringBytes = Self.region(of: storage, at: places.stringBytes, count: sizes.bytes, repeating: UInt8(0))
        required = Self.region(of: storage, at: places.required, count: sizes.required, repeating: Int32(0))
        optional = Self.region(of: storage, at: places.optional, count: sizes.optional, repeating: Int32(0))
        anchorStarts = Self.region(of: storage, at: places.anchorStarts, count: sizes.resources + 1, repeating: 0)
        anchors = Self.region(of: storage, at: places.anchors, count: sizes.anchors, repeating: (anchor: Int32(0), target: Int32(0)))

        var strings = StringCursor()
        var anchorIDs: [String: Int32] = [:]
        fillEntries(from: nodes, strings: &strings, anchorIDs: &anchorIDs)
        fillEnumStrings(stringEnums, strings: &strings)
        fillPropertyTables()
        fillAnchors(from: resources, anchorIDs: &anchorIDs)
    }

    /// How many elements each list holds, measured before anything is allocated.
    private struct Sizes {
        var nodes = 0
        var properties = 0
        var required = 0
        var optional = 0
        var slots = 0
        /// Property names and enum strings.
        var strings = 0
        var bytes = 0
        var resources = 0
        var anchors = 0

        init(nodes: UnsafeBufferPointer<SchemaNode>, stringEnums: [(index: Int, texts: [String])], resources: [SchemaResource]) {
            self.nodes = nodes.count
            for index in nodes.indices {
                let properties = nodes[index].properties
                self.properties += properties.count
                required += nodes[index].requiredDeclared.count
                optional += nodes[index].optionalDeclared.count
                if !properties.isEmpty { slots += SchemaTables.slotCapacity(for: properties.count) }
                for property in properties { bytes += property.name.utf8.count }
            }
            strings = self.properties
            for (_, texts) in stringEnums {
                strings += texts.count
                for text in texts { bytes += text.utf8.count }
            }
            self.resources = resources.count
            for resource in resources { anchors += resource.dynamicAnchors.count }
        }
    }

    /// Where the next string goes while the strings are filled in.
    private struct StringCursor {
        /// Strings written so far.
        var count = 0
        /// Bytes written so far.
        var byteCount = 0
    }

    /// The schemas whose enums are all strings, with those strings: only they get a table.
    private static func stringEnums(in nodes: UnsafeBufferPointer<SchemaNode>) -> [(index: Int, texts: [String])] {
        var stringEnums: [(index: Int, texts: [String])] = []
        for index in nodes.indices {
            guard let values = nodes[index].enumValues else { continue }
            var texts: [String] = []
            for value in values {
                guard case .string(let text) = value else { break }
                texts.append(text)
            }
            if texts.count == values.count { stringEnums.append((index, texts)) }
        }
        return stringEnums
    }

    /// Reserves room for `count` values of `type` at the first 16-byte boundary from `size`
    /// bytes, and moves `size` past them; returns where the room starts.
    private static func reserve<T>(_ type: T.Type, _ count: Int, after size: inout Int) -> Int {
        let start = (size + 15) & ~15
        size = start + count * MemoryLayout<T>.stride
        return start
    }

    /// The `count` values from byte `start` of `storage`, each set to `value`.
    private static func region<T>(of storage: UnsafeMutableRawPointer, at start: Int, count: Int,
                                  repeating value: T) -> UnsafeMutableBufferPointer<T> {
        let pointer = (storage + start).bindMemory(to: T.self, capacity: count)
        pointer.initialize(repeating: value, count: count)
        return UnsafeMutableBufferPointer(start: pointer, count: count)
    }

    /// Adds `text` as the next string.
    private func append(_ text: String, at cursor: inout StringCursor) {
        for byte in text.utf8 {
            stringBytes[cursor.byteCount] = byte
            cursor.byteCount += 1
        }
        cursor.count += 1
        stringStarts[cursor.count] = cursor.byteCount
    }

    /// The number that stands for dynamic anchor `name`, given in order of first sight.
    private static func anchorID(_ name: String, in anchorIDs: inout [String: Int32]) -> Int32 {
        if let id = anchorIDs[name] { return id }
        let id = Int32(anchorIDs.count)
        anchorIDs[name] = id
        return id
    }

    /// Fills each schema's entry and hot flags, its properties' schemas and names, and the
    /// positions of its required and optional properties.
    private func fillEntries(from nodes: UnsafeBufferPointer<SchemaNode>, strings: inout StringCursor,
                             anchorIDs: inout [String: Int32]) {
        // Property names come first in `strings`, so a property's position there is the same
        // as in `propertySchemas`; enum strings follow.
        // Fields are read through `nodes[index]` rather than a copy of each node: a copy of a
        // schema retains every one of its arrays and strings, for each validation.
        var propertyCount = 0
        var requiredCount = 0
        var optionalCount = 0
        for index in nodes.indices {
            hotFlags[index] = HotFlags.flags(nodes[index])
            let propertyTotal = nodes[index].properties.count
            entries[index].firstProperty = Int32(propertyCount)
            entries[index].propertyCount = Int32(propertyTotal)
            for property in nodes[index].properties {
                propertySchemas[propertyCount] = property.schema
                propertyCount += 1
                append(property.name, at: &strings)
            }
            entries[index].firstRequired = Int32(requiredCount)
            entries[index].requiredCount = Int32(nodes[index].requiredDeclared.count)
            for property in nodes[index].requiredDeclared {
                required[requiredCount] = Int32(property)
                requiredCount += 1
                if propertyTotal <= 64 { entries[index].requiredMask |= 1 << UInt64(property) }
            }
            entries[index].firstOptional = Int32(optionalCount)
            entries[index].optionalCount = Int32(nodes[index].optionalDeclared.count)
            for property in nodes[index].optionalDeclared {
                optional[optionalCount] = Int32(property)
                optionalCount += 1
            }
            if let dynamic = nodes[index].dynamicRef {
                entries[index].dynamicFallback = Int32(dynamic.fallback)
                if dynamic.isDynamic { entries[index].dynamicAnchor = Self.anchorID(dynamic.anchor, in: &anchorIDs) }
            }
        }
    }

    /// Adds the enums of strings after the property names.
    private func fillEnumStrings(_ stringEnums: [(index: Int, texts: [String])], strings: inout StringCursor) {
        for (index, texts) in stringEnums {
            entries[index].firstEnumString = Int32(strings.count)
            entries[index].enumStringCount = Int32(texts.count)
            for text in texts { append(text, at: &strings) }
        }
    }

    /// Fills the property tables, once every key's bytes are in place.
    private func fillPropertyTables() {
        var slotCount = 0
        for index in entries.indices where entries[index].propertyCount > 0 {
            let first = Int(entries[index].firstProperty)
            let count = Int(entries[index].propertyCount)
            let capacity = SchemaTables.slotCapacity(for: count)
            entries[index].firstSlot = Int32(slotCount)
            entries[index].slotMask = Int32(capacity - 1)
            let base = slotCount
            slotCount += capacity
            for position in 0..<count {
                let hash = SchemaTables.hash(string(first + position))
                var slot = Int(hash & UInt64(capacity - 1))
                // No duplicates: `properties` comes from a JSON object parsed with
                // duplicate keys rejected.
                while slots[base + slot] != 0 { slot = (slot + 1) & (capacity - 1) }
                slots[base + slot] = hash & SchemaTables.tagMask | UInt64(position + 1)
            }
        }
    }

    /// Fills each resource's dynamic anchors.
    private func fillAnchors(from resources: [SchemaResource], anchorIDs: inout [String: Int32]) {
        var anchorCount = 0
        for (position, resource) in resources.enumerated() {
            for (name, target) in resource.dynamicAnchors {
                anchors[anchorCount] = (Self.anchorID(name, in: &anchorIDs), Int32(target))
                anchorCount += 1
            }
            anchorStarts[position + 1] = anchorCount
        }
    }

    /// The size of a property table for `count` properties: a power of two, at least four
    /// times the count, so the table stays a quarter full.
    static func slotCapacity(for count: Int) -> Int {
        var capacity = 4
        while capacity < count * 4 { capacity *= 2 }
        return capacity
    }

    /// Frees the tables; nothing may read them afterwards.
    func deallocate() {
        // Every element type is trivial, so freeing needs no deinitialization.
        storage.deallocate()
    }

    /// String `index`'s bytes (a property name or an enum string).
    @inline(__always)
    func string(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: stringBytes[stringStarts[index]..<stringStarts[index + 1]])
    }

    /// The position among schema `schema`'s properties of the one named by `key`'s bytes.
    @inline(__always)
    func property(named key: UnsafeBufferPointer<UInt8>, in schema: Int) -> Int? {
        let entry = entries[schema]
        guard entry.propertyCount > 0 else { return nil }
        let mask = Int(entry.slotMask)
        let base = Int(entry.firstSlot)
        let first = Int(entry.firstProperty)
        let hash = SchemaTables.hash(key)
        let tag = hash & SchemaTables.tagMask
        var slot = Int(hash & UInt64(mask))
        while true {
            let value = slots[base + slot]
            if value == 0 { return nil }
            if value & SchemaTables.tagMask == tag {
                let position = Int(truncatingIfNeeded: value & ~SchemaTables.tagMask) - 1
                if memoryEquals(string(first + position), key) { return position }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Whether schema `schema`'s enum, all strings, holds `bytes`; nil when the enum is not
    /// all strings.
    @inline(__always)
    func enumStrings(of schema: Int, contain bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        let entry = entries[schema]
        guard entry.enumStringCount >= 0 else { return nil }
        let first = Int(entry.firstEnumString)
        for index in first..<first + Int(entry.enumStringCount) where memoryEquals(string(index), bytes) { return true }
        return false
    }

    /// The schema `resource` declares as dynamic anchor `anchor`, if it declares it.
    @inline(__always)
    func target(ofAnchor anchor: Int32, in resource: Int) -> Int? {
        for pair in anchors[anchorStarts[resource]..<anchorStarts[resource + 1]] where pair.anchor == anchor { return Int(pair.target) }
        return nil
    }

    /// The part of a key hash kept in a table slot beside the property's position.
    static var tagMask: UInt64 { 0xFFFF_FFFF_0000_0000 }

    /// The hash of a key's bytes for the property tables: eight bytes per multiply, since
    /// every member of every object is hashed.
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
