/// The keys of one object that some schema applied to it declares; what is left when the
/// outermost schema on that object is done are unknown keys.
struct ObjectFrame {
    /// The object's tape index.
    var instance: Int
    /// Whether some schema describes its keys; if none does, no key is unknown.
    var described = false
    /// Whether some schema declares every key (`additionalProperties` or
    /// `unevaluatedProperties` other than false).
    var coversAll = false
    /// The declared members, a bit each, for objects of up to 64 members.
    var small: UInt64 = 0
    /// The declared members of larger objects.
    var large: [Bool] = []

    /// Opens the frame of the object at `instance`.
    init(instance: Int, memberCount: Int) {
        self.instance = instance
        if memberCount > 64 { large = [Bool](repeating: false, count: memberCount) }
    }

    /// Declares the object's `member`th member.
    mutating func declare(_ member: Int) {
        if large.isEmpty { small |= 1 << UInt64(member) } else { large[member] = true }
    }

    /// Whether the `member`th member is declared.
    func isDeclared(_ member: Int) -> Bool {
        large.isEmpty ? small & (1 << UInt64(member)) != 0 : large[member]
    }
}
