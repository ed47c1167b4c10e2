import EnvelopeCore

/// Everything one audit learns while a type decodes: problems, which keys each object had
/// read, how long each array was, and how often each optional key turned up.
///
/// One recorder serves one `DriftAudit.audit` call on one thread, so it needs no locking.
final class AuditRecorder {
    /// One problem, before grouping over array elements.
    struct Problem {
        var kind: DriftKind
        var path: [PathComponent]
        var expected: String
        var actual: String
        var offset: Int
    }

    /// How often an optional key was looked for and found, by wildcard pointer.
    struct OptionalTally {
        var path: [PathComponent]
        var swiftType: String
        var objects = 0
        var present = 0
        var offset: Int
    }

    let document: JSONDocument
    var userInfo: [CodingUserInfoKey: Any]
    var problems: [Problem] = []
    /// Objects a keyed container was opened on (tape index → path), in order.
    var opened: [(node: JSONNode, path: [PathComponent])] = []
    var openedSet: Set<Int> = []
    /// Keys read per object (tape index).
    var read: [Int: Set<String>] = [:]
    /// Objects whose decoding stopped early (a value could not be made): their unread keys
    /// are not news, only unreached.
    var aborted: Set<Int> = []
    /// Elements seen per array place (`/result/list/*`).
    var arrayTotals: [String: Int] = [:]
    var tallies: [String: OptionalTally] = [:]
    /// The last value decoded for each type, to stand in where a later one cannot be made.
    var standIns: [ObjectIdentifier: Any] = [:]
    var tallyOrder: [String] = []

    init(document: JSONDocument, userInfo: [CodingUserInfoKey: Any]) {
        self.document = document
        self.userInfo = userInfo
    }

    func record(_ kind: DriftKind, _ path: [PathComponent], expected: String, actual: String, at node: JSONNode?) {
        problems.append(Problem(kind: kind, path: path, expected: expected, actual: actual, offset: node?.offset ?? 0))
    }

    func open(_ node: JSONNode, path: [PathComponent]) {
        if openedSet.insert(node.index).inserted { opened.append((node, path)) }
    }

    func markRead(_ key: String, in node: JSONNode) {
        read[node.index, default: []].insert(key)
    }

    func countArray(_ node: JSONNode, path: [PathComponent]) {
        arrayTotals[(path + [.index(0)]).wildcardPointer, default: 0] += node.count
    }

    func tallyOptional(_ path: [PathComponent], swiftType: String, present: Bool, object: JSONNode) {
        let pointer = path.wildcardPointer
        if tallies[pointer] == nil {
            tallies[pointer] = OptionalTally(path: path, swiftType: swiftType, offset: object.offset)
            tallyOrder.append(pointer)
        }
        tallies[pointer]?.objects += 1
        if present { tallies[pointer]?.present += 1 }
    }

    /// Unknown keys and never-present optionals, once decoding is over.
    func finish() {
        for (object, path) in opened where !aborted.contains(object.index) {
            let seen = read[object.index] ?? []
            for member in object.members where !seen.contains(member.key) {
                record(.unknownKey, path + [.key(member.key)], expected: "no such key (the type never reads it)",
                       actual: DriftAudit.excerpt(member.value), at: member.value)
            }
        }
        for pointer in tallyOrder {
            guard let tally = tallies[pointer], tally.present == 0 else { continue }
            problems.append(Problem(kind: .optionalNeverPresent, path: tally.path,
                                    expected: "\(tally.swiftType) (optional), present at least sometimes",
                                    actual: tally.objects == 1 ? "absent" : "absent in all \(tally.objects)", offset: tally.offset))
        }
    }
}
