extension TextReporter {
    /// The coverage block, before the summary line: the headline, then the contracts
    /// exercised, those never exercised and the requests no contract covers, aligned.
    ///
    /// ```
    /// Coverage: 1 of 2 contracts exercised (3 requests), 1 never; 2 requests no contract covers
    ///   exercised        GET  /COMM/A202100004      hanyang-menu  3 requests, 1 drifted
    ///   never exercised  GET  /v1/search/news.json  naver-news
    ///   no contract      GET  /v1/menus/{id}                      2 requests (200 ×2)
    /// ```
    public func renderCoverage(_ coverage: Coverage) -> String {
        var rows: [(String, String, String, String, String)] = []
        for entry in coverage.exercised {
            var counts = ["\(entry.requests) request\(entry.requests == 1 ? "" : "s")"]
            if entry.drifted > 0 { counts.append("\(entry.drifted) drifted") }
            if entry.fallbacks > 0 { counts.append("\(entry.fallbacks) answered by mocks") }
            if entry.transportErrors > 0 { counts.append("\(entry.transportErrors) unanswered") }
            rows.append(("exercised", entry.method, entry.path, entry.contract, counts.joined(separator: ", ")))
        }
        for entry in coverage.unexercised {
            rows.append(("never exercised", entry.method, entry.path, entry.contract, ""))
        }
        for entry in coverage.uncovered {
            var text = "\(entry.requests) request\(entry.requests == 1 ? "" : "s") (" + Self.statusCounts(entry.statuses) + ")"
            if entry.fallbacks > 0 { text += ", \(entry.fallbacks) answered by mocks" }
            rows.append(("no contract", entry.method, entry.path, "", text))
        }
        var out = paint("Coverage: ", .bold) + coverage.headline + "\n"
        let widths = (rows.map(\.0.count).max() ?? 0, rows.map(\.1.count).max() ?? 0, rows.map(\.2.count).max() ?? 0, rows.map(\.3.count).max() ?? 0)
        for row in rows {
            let line = "  " + pad(row.0, widths.0) + "  " + pad(row.1, widths.1) + "  " + pad(row.2, widths.2) + "  " + pad(row.3, widths.3) + "  " + row.4
            out += line.trimmingTrailingSpaces() + "\n"
        }
        return out + "\n"
    }

    /// `200 ×3, 404 ×1`, by status.
    static func statusCounts(_ statuses: [Int: Int]) -> String {
        statuses.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
    }
}
