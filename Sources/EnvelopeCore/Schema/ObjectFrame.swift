/// The keys of one object that some schema applied to it declares; what is left when the
/// outermost schema on that object is done are unknown keys.
struct ObjectFrame {
    var instance: Int
    var described = false
    var coversAll = false
    var small: UInt64 = 0
    var large: [Bool] = []

    init(instance: Int, memberCount: Int) {
        self.instance = instance
        if memberCount > 64 { large = [Bool](repeating: false, count: memberCount) }
    }

    mutating func declare(_ member: Int) {
        if large.isEmpty { small |= 1 << UInt64(member) } else { large[member] = true }
    }

    func isDeclared(_ member: Int) -> Bool {
        large.isEmpty ? small & (1 << UInt64(member)) != 0 : large[member]
    }
}
