extension InferredSchemaWriter {
    /// Places with one shape, and where the output refers to it.
    struct ShapeGroup {
        var places: [InferredPlace]
        /// The places the output writes a `$ref` at: each with the name a definition there
        /// would take, and its pointer.
        var uses: [(name: String, pointer: String)] = []
    }

    /// Fills ``definitionNames`` and ``definitions``: the envelope's items, and every shape
    /// the output would otherwise write at two or more places. A shape met only inside
    /// another shared one is counted once, since that one's body is written once.
    func planDefinitions() {
        var groups: [ShapeGroup] = []
        var groupOf: [ObjectIdentifier: Int] = [:]
        if options.shareShapes {
            var byShape: [String: Int] = [:]
            func collect(_ place: InferredPlace) {
                for (_, _, child) in Self.children(of: place, named: "") {
                    if child.objects > 0, !child.properties.isEmpty {
                        let shape = inlineSchema(child).serialized()
                        if let index = byShape[shape] {
                            groups[index].places.append(child)
                            groupOf[ObjectIdentifier(child)] = index
                        } else {
                            byShape[shape] = groups.count
                            groupOf[ObjectIdentifier(child)] = groups.count
                            groups.append(ShapeGroup(places: [child]))
                        }
                    }
                    collect(child)
                }
            }
            collect(root)
        }
        var envelope: Int?
        if options.extractItems, let items = envelopeItemPlace() {
            if groupOf[ObjectIdentifier(items)] == nil {
                groupOf[ObjectIdentifier(items)] = groups.count
                groups.append(ShapeGroup(places: [items]))
            }
            envelope = groupOf[ObjectIdentifier(items)]
        }
        let candidates = Set(groups.indices.filter { groups[$0].places.count >= 2 || $0 == envelope })
        var expanded: Set<Int> = []
        func visit(_ place: InferredPlace, _ name: String, _ pointer: String) {
            for (token, childName, child) in Self.children(of: place, named: name) {
                let childPointer = JSONPointer.appending(token, to: pointer)
                if let group = groupOf[ObjectIdentifier(child)], candidates.contains(group) {
                    groups[group].uses.append((childName, childPointer))
                    guard expanded.insert(group).inserted else { continue }
                }
                visit(child, childName, childPointer)
            }
        }
        visit(root, "", "")
        name(groups.indices.filter { candidates.contains($0) && (groups[$0].uses.count >= 2 || $0 == envelope) }, in: groups, envelope: envelope)
    }

    /// Names the definitions `kept`: the envelope's items `item`, the others after their key.
    /// Distinct shapes wanting one name get `2`, `3`, …: a name taken from a key most places
    /// share goes first, then by name and first place, so the result does not depend on the
    /// order of samples.
    private func name(_ kept: [Int], in groups: [ShapeGroup], envelope: Int?) {
        let wanted = kept.map { group in
            let preferred = group == envelope ? (name: "item", rank: 0) : preferredName(groups[group])
            return (group: group, name: preferred.name, rank: preferred.rank, first: groups[group].uses.first?.pointer ?? "")
        }.sorted { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            if a.name != b.name { return ByteOrder.precedes(a.name, b.name) }
            return ByteOrder.precedes(a.first, b.first)
        }
        var taken: Set<String> = []
        for entry in wanted {
            var name = entry.name
            var number = 2
            while taken.contains(name) {
                name = entry.name + String(number)
                number += 1
            }
            taken.insert(name)
            for place in groups[entry.group].places { definitionNames[ObjectIdentifier(place)] = name }
            definitions.append((name, groups[entry.group].places[0]))
        }
        definitions.sort { ByteOrder.precedes($0.name, $1.name) }
    }

    /// The key most of the shape's places sit under (`move`), rank 1. When no key has a
    /// majority (the same `{name, url}` under `ability`, `move` and `species`), a shape of up
    /// to three properties is named after them (`name-url`, rank 2), a larger one after its
    /// most common key (the first in byte order on a tie, rank 3).
    private func preferredName(_ group: ShapeGroup) -> (name: String, rank: Int) {
        var counts: [String: Int] = [:]
        for use in group.uses { counts[use.name, default: 0] += 1 }
        let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value : ByteOrder.precedes($0.key, $1.key) }
        guard let top = ranked.first, !top.key.isEmpty else { return ("shape", 3) }
        if top.value * 2 > group.uses.count { return (top.key, 1) }
        let keys = group.places[0].properties.keys.sorted(by: ByteOrder.precedes)
        return keys.count <= 3 ? (keys.joined(separator: "-"), 2) : (top.key, 3)
    }

    // MARK: - The envelope

    /// The items of the one array of objects inside an object envelope, when there is exactly
    /// one: the elements of `/result/list` in `{"result": {"list": [{...}]}}`. They go to
    /// `$defs/item`, which is how the generic `Root<T>` the seeds decode looks.
    func envelopeItemPlace() -> InferredPlace? {
        guard root.isObjectsOnly else { return nil }
        var found: [InferredPlace] = []
        func visit(_ place: InferredPlace) {
            for key in place.properties.keys.sorted(by: ByteOrder.precedes) {
                guard let child = place.properties[key] else { continue }
                if child.arrays > 0, let items = child.items, items.objects > 0 {
                    found.append(items)
                } else if child.objects > 0 {
                    visit(child)
                }
            }
        }
        visit(root)
        return found.count == 1 ? found[0] : nil
    }
}
