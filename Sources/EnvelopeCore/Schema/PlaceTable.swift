/// Entries by place, kept in order of first sight: what the validator counts per place
/// (optional-property tallies, array element totals).
///
/// A document has a handful of places, found by a scan of the entries (making slots for every
/// small answer would cost more); past ``scannedEntries``, an open-addressing table of
/// positions into the list finds them. The keys are path hashes, already well mixed, so a slot
/// comes from a multiply and a shift rather than the SipHash a `Dictionary` runs per look-up.
struct PlaceTable<Entry: PlaceEntry> {
    /// Every entry, in order of first sight.
    private(set) var entries: [Entry] = []
    /// Position + 1 in ``entries``, or 0 for an empty slot; a power of two long, at most half
    /// full. Empty while there are at most ``scannedEntries`` entries.
    private var slots: [Int32] = []
    /// Up to this many entries are found by a scan.
    static var scannedEntries: Int { 8 }

    /// The entry at `position` in ``entries``, to read or change in place (not its hash).
    subscript(position: Int) -> Entry {
        get { entries[position] }
        _modify { yield &entries[position] }
    }

    /// The position in ``entries`` of place `hash`, or nil.
    @inline(__always)
    func position(of hash: UInt64) -> Int? {
        guard !slots.isEmpty else { return entries.firstIndex { $0.hash == hash } }
        let mask = slots.count - 1
        var slot = Self.slot(of: hash, mask: mask)
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            if entries[stored - 1].hash == hash { return stored - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Adds the entry of a place not in the table yet; returns its position.
    @discardableResult
    mutating func insert(_ entry: Entry) -> Int {
        entries.append(entry)
        if slots.isEmpty {
            if entries.count > Self.scannedEntries { grow() }
        } else {
            if entries.count * 2 > slots.count { grow() } else { place(entries.count - 1) }
        }
        return entries.count - 1
    }

    /// Remakes the slots at least twice as many as the entries.
    private mutating func grow() {
        var size = max(16, slots.count)
        while size < entries.count * 2 { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        for position in entries.indices { place(position) }
    }

    private mutating func place(_ position: Int) {
        let mask = slots.count - 1
        var slot = Self.slot(of: entries[position].hash, mask: mask)
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position + 1)
    }

    /// The slot a hash starts from: its high bits after a multiply, so every bit counts.
    @inline(__always)
    private static func slot(of hash: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
