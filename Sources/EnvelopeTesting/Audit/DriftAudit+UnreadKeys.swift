import EnvelopeCore

extension DriftAudit {
    /// How an audit reports the keys an answer has and the type never reads (`unknown-key`).
    ///
    /// A model often reads a few keys of a large answer on purpose; one warning per unread key
    /// would bury the findings that matter, so by default they are summed up in one.
    public enum UnreadKeys: Sendable, Hashable {
        /// One `unknown-key` finding, after the others, that counts and names them (when there
        /// are two or more places; a single one is reported as it is).
        case summarized
        /// One `unknown-key` finding per place, after the other findings.
        case listed
    }

    /// The most unread keys a summary names before `… and N more`.
    static let summaryNameLimit = 10

    /// `findings` with the unread keys moved after every other finding, and summed up into
    /// one finding unless `unreadKeys` is `.listed`.
    static func arrange(_ findings: [DriftFinding], unreadKeys: UnreadKeys, recorder: AuditRecorder) -> [DriftFinding] {
        let unread = findings.filter { $0.kind == .unknownKey }
        let others = findings.filter { $0.kind != .unknownKey }
        guard unreadKeys == .summarized, unread.count > 1, let first = unread.first else { return others + unread }
        let ancestor = commonParent(of: unread.map(\.pointer))
        let prefix = ancestor + "/"
        let names = unread.map { String($0.pointer.dropFirst(prefix.count)) }
        var listed = names.prefix(summaryNameLimit).joined(separator: ", ")
        if names.count > summaryNameLimit { listed += ", … and \(names.count - summaryNameLimit) more" }
        let keyPlaces = keyPlaces(of: recorder).filter { $0.hasPrefix(prefix) }.count
        let summary = DriftFinding(
            kind: .unknownKey, pointer: ancestor, severity: first.severity, count: unread.count, total: max(keyPlaces, unread.count),
            expected: "only keys the type reads",
            actual: "\(unread.count) keys the type never reads: \(listed) (unreadKeys: .listed lists each)",
            keyword: first.keyword, locations: Array(unread.compactMap(\.location).prefix(DriftFinding.locationLimit)))
        return others + [summary]
    }

    /// The deepest place that holds every one of `pointers` (`/result/list/*` for
    /// `/result/list/*/a` and `/result/list/*/b`; `""`, the root, when they share none).
    static func commonParent(of pointers: [String]) -> String {
        // Tokens are escaped (`~1` for `/`), so splitting at `/` is splitting at tokens.
        let parents = pointers.map { $0.split(separator: "/", omittingEmptySubsequences: false).dropFirst().dropLast() }
        guard var common = parents.first.map(Array.init) else { return "" }
        for parent in parents.dropFirst() {
            common = Array(zip(common, parent).prefix { $0 == $1 }.map(\.0))
        }
        return common.map { "/" + $0 }.joined()
    }

    /// Every key place (wildcard pointer) of the objects the type decoded, read or not.
    static func keyPlaces(of recorder: AuditRecorder) -> Set<String> {
        var places = Set<String>()
        for (object, path) in recorder.opened where !recorder.aborted.contains(object.index) {
            for member in object.members { places.insert((path + [.key(member.key)]).wildcardPointer) }
        }
        return places
    }
}
