import Testing
@testable import EnvelopeCore

/// Optional-property tallies by place: counts, order of first sight, merging shares.
@Suite("Tally table")
struct TallyTableTests {
    /// Counts `present` for place `hash` as the validator does.
    static func count(_ table: inout TallyTable, _ hash: UInt64, present: Bool) {
        if !table.count(hash, present: present) {
            table.start(hash, present: present, offset: Int(hash % 1000), path: [.key("p\(hash)")])
        }
    }

    @Test("each place counts its objects and presences, in order of first sight, past many places and colliding slots")
    func countsByPlace() {
        var table = TallyTable()
        var reference: [UInt64: (objects: Int, present: Int)] = [:]
        var order: [UInt64] = []
        var generator = SplitMix64(seed: 3)
        for _ in 0..<5_000 {
            // Few distinct hashes, some equal in their low and high halves, so slots collide.
            let place = generator.next() % 300
            let hash = place << 32 | place
            let present = generator.next() % 3 == 0
            Self.count(&table, hash, present: present)
            if reference[hash] == nil { order.append(hash) }
            reference[hash, default: (0, 0)].objects += 1
            if present { reference[hash, default: (0, 0)].present += 1 }
        }
        #expect(table.tallies.map(\.hash) == order)
        for tally in table.tallies {
            #expect(tally.objects == reference[tally.hash]?.objects)
            #expect(tally.present == reference[tally.hash]?.present)
            #expect(tally.path == [.key("p\(tally.hash)")])
        }
    }

    @Test("absorbing a later share adds its counts and appends its new places after this one's")
    func absorb() {
        var lead = TallyTable()
        var share = TallyTable()
        for hash in [5, 7, 9] as [UInt64] { Self.count(&lead, hash, present: hash == 7) }
        for hash in [9, 11, 5, 13, 11] as [UInt64] { Self.count(&share, hash, present: true) }
        lead.absorb(share)
        #expect(lead.tallies.map(\.hash) == [5, 7, 9, 11, 13])
        #expect(lead.tallies.map(\.objects) == [2, 1, 2, 2, 1])
        #expect(lead.tallies.map(\.present) == [1, 1, 1, 2, 1])
        #expect(lead.tallies[0].offset == 5)
    }
}
