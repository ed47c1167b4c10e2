/// One finding of the HTML report: its kind, severity and hits, the array indices it hit,
/// expected beside found, where it is in the body, and the body's lines around that place.
extension HTMLReporter {
    /// A finding's block. Its `data-` attributes carry the JSON report's fields, so a script
    /// (or a test) can read the page as it would the JSON.
    func findingBlock(_ finding: DriftFinding, body: [UInt8]?, redactor: Redactor) -> String {
        let severity = finding.severity.rawValue
        var out = "<article class=\"finding \(severity)\" data-kind=\"\(finding.kind.rawValue)\" data-pointer=\"\(text(finding.pointer, redactor))\""
        out += " data-severity=\"\(severity)\" data-count=\"\(finding.count)\" data-total=\"\(finding.total)\""
        if let location = finding.location { out += " data-line=\"\(location.line)\" data-column=\"\(location.column)\"" }
        out += ">\n<div class=\"finding-head\">"
        out += finding.severity == .breaking ? "<span class=\"mark bad\" aria-hidden=\"true\">✗</span>" : "<span class=\"mark warn\" aria-hidden=\"true\">!</span>"
        out += " <span class=\"badge kind \(finding.severity == .breaking ? "bad" : "warn")\">\(finding.kind.rawValue)</span>"
        out += " <span class=\"severity muted\">\(severity)</span>"
        if finding.total > 1 || !finding.indices.isEmpty {
            out += " <span class=\"hits\">\(finding.count) of \(finding.total)</span>"
        }
        if let keyword = finding.keyword {
            out += " <span class=\"keyword muted\">\(finding.kind == .transportError ? "curl" : "keyword") <code>\(text(keyword, redactor))</code></span>"
        }
        out += "</div>\n" + indexList(finding)
        out += "<div class=\"compare\"><div class=\"expected\"><span class=\"label\">expected</span><span class=\"value\">\(text(finding.expected, redactor))</span></div>"
        out += "<div class=\"actual\"><span class=\"label\">found</span><span class=\"value\">\(text(finding.actual, redactor))</span></div></div>\n"
        if let location = finding.location {
            out += "<p class=\"locations\">at <span class=\"where\">\(location)</span> of the body"
            let more = finding.locations.dropFirst()
            if !more.isEmpty {
                out += "; also at " + more.map { "<span class=\"where\">\($0)</span>" }.joined(separator: ", ")
            }
            out += "</p>\n"
            if let body {
                out += excerpt(of: body, at: location, finding: finding, redactor: redactor)
            }
        }
        return out + "</article>\n"
    }

    /// The indices the finding hit, `#3` or `#2/0` in nested arrays (the JSON report's
    /// `indices` and `indexPaths`); folded when it hit every element, since the list then
    /// says nothing the count does not.
    func indexList(_ finding: DriftFinding) -> String {
        guard !finding.indices.isEmpty else { return "" }
        let labels = finding.indexPaths.isEmpty
            ? finding.indices.map { "#\($0)" }
            : finding.indexPaths.map { "#" + $0.map(String.init).joined(separator: "/") }
        let items = labels.map { "<li>\($0)</li>" }.joined()
        let list = "<ul class=\"indices\" aria-label=\"indices\">\(items)</ul>"
        let capped = finding.count > labels.count ? " (the first \(labels.count))" : ""
        if finding.count >= finding.total && finding.total > 1 {
            return "<details class=\"indices-fold\"><summary class=\"muted\">every element\(capped)</summary>\(list)</details>\n"
        }
        return list + (capped.isEmpty ? "" : "<p class=\"muted\">and \(finding.count - labels.count) more</p>") + "\n"
    }

    /// The body's lines around `location`, numbered, the place's line highlighted and the
    /// character at its column in a `<mark>`; open for breaking findings, folded for others.
    func excerpt(of body: [UInt8], at location: SourceLocation, finding: DriftFinding, redactor: Redactor) -> String {
        let lines = BodyExcerpt().quotedLines(of: body, at: location)
        guard !lines.isEmpty else { return "" }
        var out = "<details class=\"excerpt\"\(finding.severity == .breaking ? " open" : "")><summary>the body at \(location)</summary>"
        out += "<div class=\"excerpt-lines\"><table>\n"
        for line in lines {
            if line.column != nil {
                out += "<tr class=\"at\"><th>\(line.number)</th><td>\(markedLine(line, redactor: redactor))</td></tr>\n"
                out += "<tr class=\"note\"><th></th><td class=\"excerpt-note\">\(caretIndent(line))↑ \(finding.kind.rawValue), column \(location.column)</td></tr>\n"
            } else {
                out += "<tr><th>\(line.number)</th><td>\(text(line.text, redactor))</td></tr>\n"
            }
        }
        return out + "</table></div></details>\n"
    }

    /// Spaces that put the caret under the marked character in a monospaced font, counting
    /// East Asian wide characters as two, as the text report does.
    func caretIndent(_ line: BodyExcerpt.Line) -> String {
        let prefix = line.text.unicodeScalars.prefix(max(0, (line.column ?? 1) - 1))
        return String(repeating: " ", count: prefix.reduce(0) { $0 + BodyExcerpt.displayWidth($1) })
    }

    /// The place's line with the character at its column in a `<mark>` (a marked space when
    /// the place is at the line's end). Each part is redacted on its own; if a secret spans
    /// the column, the whole line is redacted and shown unmarked, so no part of it shows.
    func markedLine(_ line: BodyExcerpt.Line, redactor: Redactor) -> String {
        let scalars = Array(line.text.unicodeScalars)
        let column = max(1, line.column ?? 1) - 1
        let cut = min(column, scalars.count)
        let before = String(String.UnicodeScalarView(scalars[..<cut]))
        let at = cut < scalars.count ? String(scalars[cut]) : " "
        let after = cut < scalars.count ? String(String.UnicodeScalarView(scalars[(cut + 1)...])) : ""
        let whole = redactor.redact(line.text)
        let parts = [redactor.redact(before), redactor.redact(at), redactor.redact(after)]
        guard parts.joined() == whole || (cut >= scalars.count && parts[0] + parts[2] == whole) else {
            return HTML.escape(whole)
        }
        return HTML.escape(parts[0]) + "<mark>" + HTML.escape(parts[1]) + "</mark>" + HTML.escape(parts[2])
    }
}
