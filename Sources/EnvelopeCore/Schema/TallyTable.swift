/// How often each declared optional property was present, by place (the hash of its wildcard
/// path), for `optional-never-present`: counted for every object that declares one.
///
/// An open-addressing table of positions into a list kept in order of first sight. The keys
/// are path hashes, already well mixed, so a slot comes from a multiply and a shift where a
/// `Dictionary<UInt64, …>` ran SipHash for each look-up: a fifth of what three optional
/// properties per item added to validating the seed's list.
struct TallyTable {
    /// One place's tally.
    struct Tally {
        var hash: UInt64
        /// Objects seen that declare the property, and how many had it.
        var objects: Int
        var present: Int
        /// The byte offset of the first such object, and the property's path there.
        var offset: Int
        var path: [PathComponent]
    }

    /// Every tally, in order of first sight.
    private(set) var tallies: [Tally] = []
    /// Position + 1 in ``tallies``, or 0 for an empty slot; a power of two long, at most half full.
    private var slots: [Int32] = []

    /// Whether no place has been counted.
    var isEmpty: Bool { tallies.isEmpty }

    /// Counts one object at place `hash`, with the property present or not; false when the
    /// place is new, and then nothing is counted (``start(_:present:offset:path:)`` does it).
    @inline(__always)
    mutating func count(_ hash: UInt64, present: Bool) -> Bool {
        guard let position = position(of: hash) else { return false }
        tallies[position].objects &+= 1
        if present { tallies[position].present &+= 1 }
        return true
    }

    /// Counts the first object at a new place `hash`, found at `offset` with the property's
    /// `path` there.
    mutating func start(_ hash: UInt64, present: Bool, offset: Int, path: [PathComponent]) {
        insert(Tally(hash: hash, objects: 1, present: present ? 1 : 0, offset: offset, path: path))
    }

    /// Adds `other`'s counts, place by place; places new here keep their order after this
    /// table's.
    mutating func absorb(_ other: TallyTable) {
        for tally in other.tallies {
            if let position = position(of: tally.hash) {
                tallies[position].objects &+= tally.objects
                tallies[position].present &+= tally.present
            } else {
                insert(tally)
            }
        }
    }

    /// The position in ``tallies`` of place `hash`, or nil.
    @inline(__always)
    private func position(of hash: UInt64) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.slot(of: hash, mask: mask)
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            if tallies[stored - 1].hash == hash { return stored - 1 }
            slot = (slot + 1) & mask
        }
    }

    private mutating func insert(_ tally: Tally) {
        if (tallies.count + 1) * 2 > slots.count { grow() }
        tallies.append(tally)
        place(tallies.count - 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: max(16, slots.count * 2))
        for position in tallies.indices { place(position) }
    }

    private mutating func place(_ position: Int) {
        let mask = slots.count - 1
        var slot = Self.slot(of: tallies[position].hash, mask: mask)
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position + 1)
    }

    /// The slot a hash starts from: its high bits after a multiply, so every bit counts.
    @inline(__always)
    private static func slot(of hash: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
