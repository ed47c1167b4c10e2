/// The HTML reports' style: system fonts only (nothing to download), light and dark from
/// `prefers-color-scheme`, and a print form with every fold open.
extension HTML {
    static let stylesheet = """
        :root {
          color-scheme: light dark;
          --bg: #f5f6f8; --card: #ffffff; --text: #1c2230; --muted: #5d6678; --line: #dde1e8; --code-bg: #f2f4f7;
          --bad: #b42318; --bad-soft: #fdeceb; --warn: #8a5a00; --warn-soft: #fff3d6; --good: #1a7f37; --good-soft: #e5f4ea;
          --info: #175cd3; --info-soft: #e8effc; --mark: #ffd8d3;
          --sans: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic", sans-serif;
          --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", "Noto Sans Mono CJK KR", monospace;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #0e1116; --card: #161b22; --text: #e6edf3; --muted: #9aa5b4; --line: #2f3742; --code-bg: #1e252e;
            --bad: #ff7b72; --bad-soft: #3a1716; --warn: #e3b341; --warn-soft: #352a0c; --good: #56d364; --good-soft: #12301c;
            --info: #79b8ff; --info-soft: #132640; --mark: #7a2620;
          }
        }
        * { box-sizing: border-box; }
        html { background: var(--bg); color: var(--text); font: 15px/1.5 var(--sans); }
        body { margin: 0; }
        main { max-width: 1120px; margin: 0 auto; padding: 28px 24px 48px; }
        h1 { font-size: 1.55rem; margin: 0; line-height: 1.25; }
        h2 { font-size: 1.1rem; margin: 28px 0 10px; }
        h3 { font-size: 1rem; margin: 0 0 8px; }
        code, pre, .mono { font-family: var(--mono); font-size: 0.9em; }
        p { margin: 0.3em 0; }
        a { color: var(--info); }
        .muted { color: var(--muted); }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 14px 18px; margin: 10px 0; }
        .badge { display: inline-block; padding: 1px 9px; border-radius: 999px; font-size: 0.8rem; font-weight: 600; white-space: nowrap; vertical-align: 1px; }
        .badge.bad { background: var(--bad-soft); color: var(--bad); }
        .badge.warn { background: var(--warn-soft); color: var(--warn); }
        .badge.good { background: var(--good-soft); color: var(--good); }
        .badge.info { background: var(--info-soft); color: var(--info); }
        .badge.kind { font-family: var(--mono); font-weight: 500; }
        .mark.bad { color: var(--bad); font-weight: 700; }
        .mark.warn { color: var(--warn); font-weight: 700; }
        .mark.good { color: var(--good); font-weight: 700; }

        /* The summary on top. */
        header.summary { border-left: 6px solid var(--line); }
        header.summary.bad { border-left-color: var(--bad); }
        header.summary.good { border-left-color: var(--good); }
        header.summary.warn { border-left-color: var(--warn); }
        .verdict { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
        .headline { margin: 6px 0 0; font-size: 1.02rem; }
        dl.stats { display: flex; flex-wrap: wrap; gap: 8px; margin: 14px 0 2px; }
        .stat { min-width: 96px; padding: 6px 12px; border-radius: 8px; background: var(--code-bg); }
        .stat dt { font-size: 0.75rem; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; }
        .stat dd { margin: 0; font-size: 1.3rem; font-weight: 650; font-variant-numeric: tabular-nums; }
        .stat.bad dd { color: var(--bad); } .stat.warn dd { color: var(--warn); } .stat.good dd { color: var(--good); }

        /* The table of results, and diff's tables of changes. */
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { font-size: 0.78rem; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; font-weight: 600; }
        td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
        tr:last-child td { border-bottom: none; }
        .overview { padding: 6px 8px; }

        /* One result per contract (or answer), folded. */
        details.result { background: var(--card); border: 1px solid var(--line); border-radius: 10px; margin: 12px 0; }
        details.result > summary { cursor: pointer; padding: 12px 18px; padding-left: 22px; }
        details.result[open] > summary { border-bottom: 1px solid var(--line); }
        details.result.bad { border-left: 5px solid var(--bad); }
        details.result.warn { border-left: 5px solid var(--warn); }
        details.result.good { border-left: 5px solid var(--good); }
        .result-title { display: inline-flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
        .result-name { font-weight: 650; font-size: 1.05rem; }
        .result-meta { display: block; color: var(--muted); font-size: 0.86rem; margin-top: 2px; overflow-wrap: anywhere; }
        .result-body { padding: 8px 18px 14px; }
        .place { margin: 12px 0 16px; }
        .place > h3 code { background: var(--code-bg); padding: 2px 8px; border-radius: 6px; overflow-wrap: anywhere; }
        .finding { border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; margin: 8px 0; break-inside: avoid; }
        .finding.breaking { border-left: 4px solid var(--bad); }
        .finding.warning { border-left: 4px solid var(--warn); }
        .finding-head { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
        .hits { font-weight: 600; font-variant-numeric: tabular-nums; }
        .indices { display: flex; flex-wrap: wrap; gap: 4px; margin: 8px 0 0; padding: 0; list-style: none; }
        .indices li { font-family: var(--mono); font-size: 0.8rem; background: var(--code-bg); border: 1px solid var(--line); border-radius: 5px; padding: 0 6px; }
        .compare { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; margin: 10px 0 4px; }
        .compare > div { border-radius: 8px; padding: 8px 12px; min-width: 0; }
        .compare .expected { background: var(--good-soft); }
        .compare .actual { background: var(--bad-soft); }
        .finding.warning .compare .actual { background: var(--warn-soft); }
        .compare .label { display: block; font-size: 0.72rem; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); }
        .compare .value { font-family: var(--mono); font-size: 0.9rem; white-space: pre-wrap; overflow-wrap: anywhere; }
        .where { font-family: var(--mono); font-size: 0.85rem; color: var(--muted); }
        .locations { font-size: 0.86rem; color: var(--muted); margin: 4px 0 0; }
        details.excerpt { margin-top: 8px; }
        details.excerpt > summary { cursor: pointer; font-size: 0.85rem; color: var(--muted); }
        .excerpt-lines { overflow-x: auto; background: var(--code-bg); border-radius: 8px; margin-top: 6px; padding: 6px 0; }
        .excerpt-lines table { width: auto; min-width: 100%; }
        .excerpt-lines td, .excerpt-lines th { border: none; padding: 0 12px; font-family: var(--mono); font-size: 0.85rem;
          white-space: pre; text-transform: none; letter-spacing: 0; font-weight: 400; }
        .excerpt-lines th { width: 1%; text-align: right; color: var(--muted); user-select: none; border-right: 1px solid var(--line); }
        .excerpt-lines tr.at { background: var(--bad-soft); }
        .excerpt-lines tr.at th { color: var(--bad); font-weight: 700; }
        mark { background: var(--mark); color: inherit; outline: 2px solid var(--bad); border-radius: 2px; }
        .excerpt-lines td.excerpt-note { color: var(--bad); font-weight: 600; }
        .ok-note { margin: 0; color: var(--good); }
        .changes .old { color: var(--bad); } .changes .new { color: var(--good); }
        .changes td.value { font-family: var(--mono); font-size: 0.88rem; overflow-wrap: anywhere; }
        .unchanged { color: var(--muted); }
        \(comparisonStylesheet)
        .problem-file ul { margin: 0; padding-left: 4px; list-style: none; }
        .problem-file.bad { border-left: 5px solid var(--bad); }
        .problem-file.warn { border-left: 5px solid var(--warn); }
        footer { margin-top: 32px; color: var(--muted); font-size: 0.82rem; }
        @media (max-width: 720px) { .compare { grid-template-columns: 1fr; } main { padding: 16px 10px; } }

        /* Printed: black on white, every fold open, no finding split over two pages. */
        @media print {
          :root { --bg: #ffffff; --card: #ffffff; --code-bg: #f4f4f4; }
          html { font-size: 12px; }
          main { max-width: none; padding: 0; }
          details::details-content { content-visibility: visible; display: block; }
          details > summary { list-style: none; }
          details > summary::-webkit-details-marker { display: none; }
          .card, .finding, details.result > summary { break-inside: avoid-page; }
          h2, h3, details.result > summary { break-after: avoid-page; }
          .excerpt-lines { overflow: visible; }
          .excerpt-lines td { white-space: pre-wrap; }
        }

        /* A proxy's coverage: its counts, then the exercised, never exercised and uncovered tables. */
        .coverage-headline { color: var(--muted); font-size: 0.95rem; margin-top: 2px; }
        .coverage-counts dl.stats { margin: 2px 0; }
        .coverage-table { padding: 12px 10px 6px; overflow-x: auto; }
        .coverage-table > h3, .coverage-table > p { padding: 0 8px; }
        .coverage-table > p { margin-bottom: 8px; }
        .coverage-table h3 .muted { font-weight: 400; font-size: 0.88rem; margin-left: 6px; }
        .coverage-table td code { overflow-wrap: break-word; }
        .coverage-table td.method { font-family: var(--mono); font-size: 0.85rem; font-weight: 600; }
        .coverage-table td.file { color: var(--muted); font-size: 0.88rem; overflow-wrap: break-word; }
        .coverage-table td.zero { color: var(--muted); }
        .coverage-table td.warn { color: var(--warn); font-weight: 650; }
        .coverage-table td.bad { color: var(--bad); font-weight: 650; }
        .coverage-table td.info { color: var(--info); font-weight: 650; }
        ul.statuses { display: flex; flex-wrap: wrap; gap: 4px; margin: 0; padding: 0; list-style: none; }
        ul.statuses li { font-family: var(--mono); font-size: 0.8rem; border-radius: 5px; padding: 0 6px; white-space: nowrap; }
        ul.statuses li.good { background: var(--good-soft); color: var(--good); }
        ul.statuses li.warn { background: var(--warn-soft); color: var(--warn); }
        ul.statuses li.bad { background: var(--bad-soft); color: var(--bad); }
        @media print { .coverage-table { overflow: visible; } }

        """
}
