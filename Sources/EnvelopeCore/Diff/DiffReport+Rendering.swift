/// The text, JSON and Markdown forms of a ``DiffReport``.
extension DiffReport {
    /// For people: one block per contract with a change, each change on a line with its
    /// place, kind and old → new; then the summary. Without `listingProblems` the files that
    /// did not load are only counted in the summary (for a terminal whose standard error has
    /// shown them already).
    public func renderText(listingProblems: Bool = true) -> String {
        var out = ""
        if !title.isEmpty { out += title + "\n\n" }
        if listingProblems { out += problemText }
        for entry in entries where entry.status != .unchanged {
            out += "\(entry.contract)  \(entry.file)  (\(entry.status.rawValue))\n"
            let places = entry.changes.map { $0.place(or: unit.placeholder) }
            let placeWidth = places.map(\.count).max() ?? 0
            let kindWidth = entry.changes.map(\.kind.rawValue.count).max() ?? 0
            for (change, place) in zip(entry.changes, places) {
                let mark = change.isBreaking ? "✗" : "✓"
                let kind = change.kind.rawValue
                out += "  \(mark) \(pad(place, placeWidth))  \(pad(kind, kindWidth))  \(change.old) → \(change.new)\n"
            }
            out += "\n"
        }
        return out + summaryLine + "\n"
    }

    /// For scripts: a stable shape, documented in docs/authoring.md.
    public func renderJSON() -> String {
        let contracts: [JSONValue] = entries.map { entry in
            .object([
                member("contract", .string(entry.contract)),
                member("file", .string(entry.file)),
                member("status", .string(entry.status.rawValue)),
                member("changes", .array(entry.changes.map { change in
                    var members = [
                        member("kind", .string(change.kind.rawValue)),
                        member("pointer", .string(change.pointer)),
                        member("severity", .string(change.isBreaking ? "breaking" : "compatible")),
                        member("old", .string(change.old)),
                        member("new", .string(change.new)),
                    ]
                    // Only in diffs of OpenAPI documents: which answer (status) the change is in.
                    if let response = change.response { members.insert(member("response", .string(response)), at: 1) }
                    return .object(members)
                })),
            ])
        }
        let summary: JSONValue = .object([
            member("contracts", .number(String(entries.count))),
            member("changed", .number(String(entries.filter { $0.status != .unchanged }.count))),
            member("breaking", .number(String(breakingCount))),
            member("compatible", .number(String(compatibleCount))),
            member("failOn", .string(failOn.rawValue)),
            member("loadErrors", .number(String(problems.count))),
            member("exitCode", .number(String(exitCode))),
        ])
        return JSONValue.object([member("contracts", .array(contracts)), member("errors", .array(problems.map(\.jsonValue))), member("summary", summary)])
            .serialized(pretty: true) + "\n"
    }

    /// For a pull-request comment: a verdict, then a table of changes per changed contract.
    /// `|`, `<`, `>` and `&` in values are escaped so an odd schema cannot break the table.
    public func renderMarkdown() -> String {
        let heading = unit.heading
        var out = breakingCount > 0 ? "### ✗ \(heading): \(breakingCount) breaking\n\n" : "### ✓ \(heading): nothing breaking\n\n"
        if !problems.isEmpty { out = "### ✗ \(heading): \(escape(summaryLine))\n\n" }
        if !title.isEmpty { out += escape(title) + "\n\n" }
        out += problemTable(escape: escape)
        for entry in entries where entry.status != .unchanged {
            out += "**\(escape(entry.contract))** (`\(escape(entry.file))`, \(entry.status.rawValue))\n\n"
            guard !entry.changes.isEmpty else { continue }
            out += "| | place | change | old | new |\n|---|---|---|---|---|\n"
            for change in entry.changes {
                let place = change.response == nil && change.pointer.isEmpty ? unit.placeholder : "`\(escape(change.place(or: "")))`"
                out += "| \(change.isBreaking ? "✗" : "✓") | \(place) | \(change.kind.rawValue) | \(escape(change.old)) | \(escape(change.new)) |\n"
            }
            out += "\n"
        }
        return out + summaryLine + "\n"
    }

    private func member(_ key: String, _ value: JSONValue) -> JSONValue.Member { JSONValue.Member(key: key, value: value) }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|": out += "\\|"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n": out += " "
            default: out.append(character)
            }
        }
        return out
    }
}
