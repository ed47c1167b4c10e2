extension JSONReporter {
    /// `errors`, the files that did not load, always there (empty when every file loaded);
    /// `warnings`, lint's warnings about files, only when there are some.
    func problemMembers(of report: Report) -> [JSONValue.Member] {
        var members = [member("errors", .array(report.loadErrors.map(\.jsonValue)))]
        let warnings = report.fileWarnings
        if !warnings.isEmpty { members.append(member("warnings", .array(warnings.map(\.jsonValue)))) }
        return members
    }
}
