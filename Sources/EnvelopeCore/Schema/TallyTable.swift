/// How often each declared optional property was present, by place (the hash of its wildcard
/// path), for `optional-never-present`: counted for every object that declares one.
struct TallyTable {
    /// One place's tally.
    struct Tally: PlaceEntry {
        var hash: UInt64
        /// Objects seen that declare the property, and how many had it.
        var objects: Int
        var present: Int
        /// The byte offset of the first such object, and the property's path there.
        var offset: Int
        var path: [PathComponent]
    }

    private var table = PlaceTable<Tally>()

    /// Every tally, in order of first sight.
    var tallies: [Tally] { table.entries }

    /// Whether no place has been counted.
    var isEmpty: Bool { table.entries.isEmpty }

    /// Counts one object at place `hash`, with the property present or not; false when the
    /// place is new, and then nothing is counted (``start(_:present:offset:path:)`` does it).
    @inline(__always)
    mutating func count(_ hash: UInt64, present: Bool) -> Bool {
        guard let position = table.position(of: hash) else { return false }
        table[position].objects &+= 1
        if present { table[position].present &+= 1 }
        return true
    }

    /// Counts the first object at a new place `hash`, found at `offset` with the property's
    /// `path` there.
    mutating func start(_ hash: UInt64, present: Bool, offset: Int, path: [PathComponent]) {
        table.insert(Tally(hash: hash, objects: 1, present: present ? 1 : 0, offset: offset, path: path))
    }

    /// Adds `other`'s counts, place by place; places new here keep their order after this
    /// table's.
    mutating func absorb(_ other: TallyTable) {
        for tally in other.tallies {
            if let position = table.position(of: tally.hash) {
                table[position].objects &+= tally.objects
                table[position].present &+= tally.present
            } else {
                table.insert(tally)
            }
        }
    }
}
