extension JSONReporter {
    /// `coverage`, only in a proxy's report (docs/report-format.md): requests seen, and the
    /// `exercised`, `unexercised` and `uncovered` lists.
    func coverageMembers(of report: Report) -> [JSONValue.Member] {
        guard let coverage = report.coverage else { return [] }
        let exercised: [JSONValue] = coverage.exercised.map { entry in
            .object([member("contract", .string(entry.contract)), member("file", .string(entry.file)), member("method", .string(entry.method)),
                     member("path", .string(entry.path)), member("requests", number(entry.requests)), member("drifted", number(entry.drifted)),
                     member("fallbacks", number(entry.fallbacks)), member("transportErrors", number(entry.transportErrors))])
        }
        let unexercised: [JSONValue] = coverage.unexercised.map { entry in
            .object([member("contract", .string(entry.contract)), member("file", .string(entry.file)), member("method", .string(entry.method)),
                     member("path", .string(entry.path))])
        }
        let uncovered: [JSONValue] = coverage.uncovered.map { entry in
            .object([member("method", .string(entry.method)), member("path", .string(entry.path)), member("requests", number(entry.requests)),
                     member("statuses", .object(entry.statuses.sorted { $0.key < $1.key }.map { member(String($0.key), number($0.value)) })),
                     member("fallbacks", number(entry.fallbacks))])
        }
        return [member("coverage", .object([
            member("requests", number(coverage.requests)),
            member("uncoveredRequests", number(coverage.uncoveredRequests)),
            member("fallbacks", number(coverage.fallbacks)),
            member("exercised", .array(exercised)),
            member("unexercised", .array(unexercised)),
            member("uncovered", .array(uncovered)),
        ]))]
    }
}
