extension JSONReporter {
    /// `errors`, the files that did not load, always there (empty when every file loaded);
    /// `warnings`, lint's warnings about files, only when there are some.
    func problemMembers(of report: Report) -> [JSONValue.Member] {
        var members = [member("errors", .array(report.loadErrors.map(value(of:))))]
        let warnings = report.fileWarnings
        if !warnings.isEmpty { members.append(member("warnings", .array(warnings.map(value(of:))))) }
        return members
    }

    /// One problem: `file`, `line` and `column` when it has a place, `message`.
    func value(of problem: FileProblem) -> JSONValue {
        var members = [member("file", .string(problem.file))]
        if let location = problem.location {
            members.append(member("line", number(location.line)))
            members.append(member("column", number(location.column)))
        }
        members.append(member("message", .string(problem.message)))
        return .object(members)
    }
}
