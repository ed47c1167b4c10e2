extension ValidationRun {
    /// The public path of the current position.
    func currentPath(extra: PathStep? = nil) -> [PathComponent] {
        var result: [PathComponent] = []
        result.reserveCapacity(steps.count + 1)
        for step in steps { result.append(component(PathStep(step))) }
        if let extra { result.append(component(extra)) }
        return result
    }

    /// The public form of `step`.
    func component(_ step: PathStep) -> PathComponent {
        switch step {
        case .member(let key): .key(string(key))
        case .name(let name): .key(name)
        case .index(let index): .index(index)
        }
    }

    /// A hash of the wildcard path (array indices as `*`), with `extra` appended.
    func wildcardHash(extra: UnsafeBufferPointer<UInt8>? = nil, star: Bool = false) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        for step in steps {
            mix(0x2F)
            switch step {
            case .member(let key): withKeyBytes(key) { for byte in $0 { mix(byte) } }
            case .index: mix(0xFF)
            }
        }
        if let extra { hash = Self.wildcardHash(hash, appending: extra) }
        if star {
            mix(0x2F)
            mix(0xFF)
        }
        return hash
    }

    /// `hash`, a ``wildcardHash(extra:star:)`` without extra, continued with the key `extra`:
    /// the same as hashing the path with `extra` from the start.
    @inline(__always)
    static func wildcardHash(_ hash: UInt64, appending extra: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = (hash ^ 0x2F) &* 0x100_0000_01b3
        for byte in extra { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The hashes of the current path, with `extra` appended: its place and its element.
    func pathHasher(extra: PathStep?) -> PathHasher {
        var hasher = PathHasher()
        for step in steps { hash(PathStep(step), into: &hasher) }
        if let extra { hash(extra, into: &hasher) }
        return hasher
    }

    /// Adds `step` to `hasher`.
    func hash(_ step: PathStep, into hasher: inout PathHasher) {
        switch step {
        case .member(let key): withKeyBytes(key) { hasher.key($0) }
        case .name(let name): hasher.key(name.utf8)
        case .index(let index): hasher.index(index)
        }
    }
}
