extension JSONReporter {
    /// A result's `comparison` member (docs/report-format.md): the baseline and checked
    /// environments, the status (`same`, `breaking`, `warnings`, `not-compared`), counts, and
    /// each judged difference.
    func value(of comparison: EnvironmentComparison) -> JSONValue {
        var members = [
            member("baseline", .string(comparison.baseline)),
            member("candidate", .string(comparison.candidate)),
            member("baselineSource", .string(comparison.baselineSource)),
            member("status", .string(comparison.status)),
        ]
        if case .notCompared(let reason, let unreachable) = comparison.outcome {
            members.append(member("reason", .string(reason)))
            members.append(member("unreachable", .bool(unreachable)))
        }
        members.append(member("breaking", number(comparison.breakingCount)))
        members.append(member("warnings", number(comparison.warningCount)))
        members.append(member("differences", .array(comparison.differences.map(value(of:)))))
        return .object(members)
    }

    func value(of judged: JudgedDifference) -> JSONValue {
        let difference = judged.difference
        var members = [
            member("kind", .string(difference.kind.rawValue)),
            member("pointer", .string(difference.pointer)),
            member("severity", .string(judged.severity.rawValue)),
            member("baseline", .string(difference.oldText)),
            member("candidate", .string(difference.newText)),
            member("reason", .string(judged.reason)),
        ]
        if let kind = judged.driftKind { members.append(member("driftKind", .string(kind.rawValue))) }
        if !difference.addedValues.isEmpty { members.append(member("addedValues", .array(difference.addedValues.map { .string($0) }))) }
        for (key, presence) in [("baselinePresence", difference.oldPresence), ("candidatePresence", difference.newPresence)] {
            guard let presence, difference.kind == .keySometimesAbsent || difference.kind == .keyAlwaysPresent else { continue }
            members.append(member(key, .object([member("count", number(presence.count)), member("total", number(presence.total))])))
        }
        return .object(members)
    }

    /// What the summary adds with `--compare-env`: the baseline's name and the counts of
    /// differences and of contracts not compared; nothing otherwise.
    func comparisonSummaryMembers(of report: Report) -> [JSONValue.Member] {
        guard let baseline = report.comparedEnvironment else { return [] }
        let present = report.comparisons.compactMap { $0 }
        return [
            member("comparedWith", .string(baseline)),
            member("comparisonBreaking", number(present.reduce(0) { $0 + $1.breakingCount })),
            member("comparisonWarnings", number(present.reduce(0) { $0 + $1.warningCount })),
            member("notCompared", number(present.filter { $0.status == "not-compared" }.count)),
        ]
    }
}
