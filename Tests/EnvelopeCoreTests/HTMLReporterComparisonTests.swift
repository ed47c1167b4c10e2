import Testing
@testable import EnvelopeCore

/// The HTML report's `--compare-env` section on reports built by hand: its counts, a row per
/// difference with the JSON report's fields, escaping and redaction of values from answers,
/// the links between a result and its comparison, and the verdict (end to end in
/// envelopeTests' CompareEnvironmentsHTMLTests).
@Suite("HTML report: the comparison with another environment")
struct HTMLReporterComparisonTests {
    static let source = "GET http://127.0.0.1:1/v1/orders"

    func result(_ contract: String) -> ContractResult {
        ContractResult(contract: contract, file: "\(contract).json", source: Self.source, valid: true, findings: [], duration: 0.001, httpStatus: 200)
    }

    func comparison(_ outcome: EnvironmentComparison.Outcome, source: String = source) -> EnvironmentComparison {
        EnvironmentComparison(baseline: "prod", candidate: "staging", baselineSource: source, outcome: outcome)
    }

    /// A new string at an enum place: `"배송중", "<b>&"` added to `"new"`.
    var enumAdded: JudgedDifference {
        var difference = ShapeDifference(kind: .enumValueAdded, pointer: "/orders/*/state", old: .string, new: .string,
                                         oldValue: "\"new\"", newValue: "\"<b>&\", \"배송중\"")
        difference.addedValues = ["<b>&", "배송중"]
        return JudgedDifference(difference: difference, severity: .breaking, reason: "a closed enum in the contract", driftKind: .enumViolation)
    }

    var keyGone: JudgedDifference {
        let difference = ShapeDifference(kind: .keySometimesAbsent, pointer: "/orders/*/id", old: .number, new: .number,
                                         oldPresence: ShapePresence(count: 2, total: 2, inArrayElements: true),
                                         newPresence: ShapePresence(count: 1, total: 2, inArrayElements: true))
        return JudgedDifference(difference: difference, severity: .breaking, reason: "required by the contract", driftKind: .missingKey)
    }

    var extraKey: JudgedDifference {
        JudgedDifference(difference: ShapeDifference(kind: .keyAdded, pointer: "/fresh", old: [], new: .boolean), severity: .warning, reason: "not in the contract")
    }

    /// Three contracts: `orders` with differences, `same` alike, `skipped` not compared.
    func report(failOn: FailLevel = .breaking, secrets: [String] = [], ordersSource: String = source,
                orders: [JudgedDifference]? = nil) -> Report {
        var report = Report(results: [result("orders"), result("same"), result("skipped")], failOn: failOn, redactor: Redactor(secrets: secrets))
        report.comparisons = [
            comparison(.compared(orders ?? [keyGone, enumAdded, extraKey]), source: ordersSource),
            comparison(.compared([])),
            comparison(.notCompared(reason: "prod does not serve it (\"only\" of environment prod in envelope.json)", unreachable: false)),
        ]
        return report
    }

    @Test("the section's counts have the JSON summary's ids; the count line is on top, linking to the section")
    func counts() {
        let page = HTMLReporter().render(report())
        #expect(page.contains("<section class=\"comparison\" id=\"comparison\" data-baseline=\"prod\" data-candidate=\"staging\">"))
        #expect(page.contains("<h2>Compared with <code>prod</code>, the baseline: how the answers of <code>staging</code> differ</h2>"))
        #expect(page.contains("<dd id=\"summary-comparedWith\">prod</dd>"))
        #expect(page.contains("<dd id=\"summary-comparisonBreaking\">2</dd>"))
        #expect(page.contains("<dd id=\"summary-comparisonWarnings\">1</dd>"))
        #expect(page.contains("<dd id=\"summary-notCompared\">1</dd>"))
        #expect(page.contains("<dd id=\"comparison-same\">1</dd>"))
        let line = "3 contracts compared with prod: 1 the same, 1 with breaking differences, 0 with warnings only, 1 not compared (2 breaking, 1 warning)"
        #expect(page.contains("<p class=\"headline\">\(line) · <a href=\"#comparison\">the differences</a></p>"))
        // The section comes after the results.
        let results = page.range(of: "<section id=\"results\">"), section = page.range(of: "<section class=\"comparison\"")
        #expect(results != nil && section != nil && results?.lowerBound ?? page.endIndex < section?.lowerBound ?? page.startIndex)
    }

    @Test("a row per difference: mark, place, kind, baseline → candidate, severity with its drift kind, the reason; the JSON fields as data- attributes")
    func rows() {
        let page = HTMLReporter().render(report())
        #expect(page.contains("<article class=\"compared bad\" id=\"comparison-0\" data-contract=\"orders\" data-status=\"breaking\" data-baseline=\"prod\" "
            + "data-candidate=\"staging\" data-baseline-source=\"\(Self.source)\" data-breaking=\"2\" data-warnings=\"1\">"))
        #expect(page.contains("<tr class=\"difference breaking\" data-kind=\"key-sometimes-absent\" data-pointer=\"/orders/*/id\" data-severity=\"breaking\" "
            + "data-baseline=\"in all 2 items\" data-candidate=\"absent from 1 of 2 items\" data-reason=\"required by the contract\" data-drift-kind=\"missing-key\" "
            + "data-baseline-count=\"2\" data-baseline-total=\"2\" data-candidate-count=\"1\" data-candidate-total=\"2\">"))
        #expect(page.contains("<td class=\"change\"><span class=\"value baseline\">in all 2 items</span> <span class=\"arrow\" aria-label=\"to\">→</span> "
            + "<span class=\"value candidate\">absent from 1 of 2 items</span></td><td class=\"severity\"><span class=\"severity-name\">breaking</span>"
            + "<span class=\"drift-kind\" title=\"the drift kind whose setting decides\">missing-key</span></td><td class=\"reason\">required by the contract</td></tr>"))
        #expect(page.contains("<tr class=\"difference warning\" data-kind=\"key-added\" data-pointer=\"/fresh\" data-severity=\"warning\" data-baseline=\"absent\" "
            + "data-candidate=\"boolean\" data-reason=\"not in the contract\"><td><span class=\"mark warn\" aria-hidden=\"true\">!</span></td>"
            + "<td class=\"where\"><code>/fresh</code></td><td><span class=\"badge kind warn\">key-added</span></td>"))
        #expect(page.contains("<th>prod → staging</th><th>Severity</th><th>Why</th>"))
        #expect(page.contains("<h3><a href=\"#result-0\"><code>orders</code></a> <span class=\"badge bad\">breaking</span> <span class=\"muted\">2 breaking, 1 warning</span></h3>"))
    }

    @Test("values from answers are escaped, Korean kept as UTF-8: an enum's new strings holding < and & become no markup")
    func escapesValues() {
        let page = HTMLReporter().render(report())
        #expect(!page.contains("<b>"))
        #expect(page.contains("<span class=\"adds\">adds</span> <span class=\"value candidate\">&quot;&lt;b&gt;&amp;&quot;, &quot;배송중&quot;</span>"))
        #expect(page.contains("data-candidate=\"&quot;&lt;b&gt;&amp;&quot;, &quot;배송중&quot;\""))
        #expect(page.contains("data-added-values=\"[&quot;&lt;b&gt;&amp;&quot;,&quot;배송중&quot;]\""))
        #expect(page.contains("<span class=\"value baseline\">&quot;new&quot;</span>"))
    }

    @Test("a contract name or reason with markup is text, and a secret in the baseline's request is hidden, neither raw nor escaped")
    func escapesNamesAndRedacts() {
        let secret = "k&y<9\"zz"
        var report = report(secrets: [secret], ordersSource: "GET http://127.0.0.1:1/v1/orders?key=\(secret)")
        report.results[0].contract = "주문<i>"
        report.comparisons[0] = comparison(.compared([JudgedDifference(
            difference: ShapeDifference(kind: .contentTypeChanged, pointer: "", old: [], new: [], oldValue: "application/json", newValue: "text/html; x=<&>"),
            severity: .breaking, reason: "the contract expects Content-Type matching /^application/json/ & <nothing else>", driftKind: .headerMismatch)]),
            source: "GET http://127.0.0.1:1/v1/orders?key=\(secret)")
        let page = HTMLReporter().render(report)
        #expect(!page.contains(secret))
        #expect(!page.contains(HTMLReporter.escaped(secret)))
        #expect(page.contains("data-baseline-source=\"GET http://127.0.0.1:1/v1/orders?key=***\""))
        #expect(page.contains("<code>GET http://127.0.0.1:1/v1/orders?key=***</code>"))
        #expect(!page.contains("<i>"))
        #expect(page.contains("<h3><a href=\"#result-0\"><code>주문&lt;i&gt;</code></a>"))
        #expect(page.contains("data-contract=\"주문&lt;i&gt;\" data-status=\"breaking\""))
        #expect(page.contains("<td class=\"where\"><code>(headers)</code></td>"))
        #expect(page.contains("data-pointer=\"\" data-severity=\"breaking\""))
        #expect(page.contains("<span class=\"value candidate\">text/html; x=&lt;&amp;&gt;</span>"))
        #expect(page.contains("<td class=\"reason\">the contract expects Content-Type matching /^application/json/ &amp; &lt;nothing else&gt;</td>"))
    }

    @Test("contracts that answered alike are listed in one line, a contract not compared says why; each links to its result")
    func sameAndNotCompared() {
        let page = HTMLReporter().render(report())
        #expect(page.contains("<p class=\"unchanged\">The same as <code>prod</code>: <a href=\"#result-1\"><code id=\"comparison-1\" data-contract=\"same\" "
            + "data-status=\"same\" data-baseline=\"prod\" data-candidate=\"staging\" data-baseline-source=\"\(Self.source)\" data-breaking=\"0\" data-warnings=\"0\">same</code></a></p>"))
        #expect(page.contains("<article class=\"compared info\" id=\"comparison-2\" data-contract=\"skipped\" data-status=\"not-compared\""))
        #expect(page.contains("data-reason=\"prod does not serve it (&quot;only&quot; of environment prod in envelope.json)\" data-unreachable=\"false\""))
        #expect(page.contains("<span class=\"badge info\">not compared</span></h3>\n<p class=\"not-compared\">prod does not serve it (&quot;only&quot; of environment prod in envelope.json)</p>"))
    }

    @Test("each result's block links to its comparison: its differences, the same, or not compared and why")
    func resultsLinkToTheirComparison() {
        let page = HTMLReporter().render(report())
        #expect(page.contains("<p class=\"compared-note\">Compared with prod: <a href=\"#comparison-0\">3 differences</a> <span class=\"muted\">2 breaking, 1 warning</span></p>"))
        #expect(page.contains("<p class=\"compared-note\">Compared with prod: <a href=\"#comparison-1\">the same</a></p>"))
        #expect(page.contains("<p class=\"compared-note\">Compared with prod: <a href=\"#comparison-2\">not compared</a> <span class=\"muted\">(prod does not serve it"))
    }

    @Test("the verdict counts a failing difference as the exit code does; warnings alone pass in the warning tone; an unanswering baseline is named")
    func verdict() {
        let failing = report()
        #expect(failing.exitCode == 1)
        #expect(HTMLReporter().render(failing).contains("<h1>Envelope report</h1> <span class=\"badge bad\">failed: differences from prod</span>"))
        #expect(HTMLReporter().render(failing).contains("<code id=\"summary-exitCode\">1</code>"))

        var drifted = report()
        drifted.results[1].findings = [DriftFinding(kind: .missingKey, pointer: "/id", severity: .breaking, expected: "present", actual: "absent")]
        #expect(HTMLReporter().render(drifted).contains("<span class=\"badge bad\">failed: drift, differences from prod</span>"))

        let warned = report(orders: [extraKey])
        #expect(warned.exitCode == 0)
        #expect(HTMLReporter().render(warned).contains("<header class=\"card summary warn\" id=\"summary\">\n<div class=\"verdict\"><h1>Envelope report</h1> <span class=\"badge warn\">passed</span>"))
        #expect(HTMLReporter().render(warned).contains("<article class=\"compared warn\" id=\"comparison-0\""))
        #expect(HTMLReporter().render(report(failOn: .warning, orders: [extraKey])).contains("<span class=\"badge bad\">failed: differences from prod</span>"))
        #expect(HTMLReporter().render(report(failOn: .never)).contains("<span class=\"badge warn\">passed</span>"))

        var down = report()
        down.comparisons[0] = comparison(.notCompared(reason: "prod did not answer (couldnt-connect: refused)", unreachable: true))
        #expect(down.exitCode == 3)
        let page = HTMLReporter().render(down)
        #expect(page.contains("<span class=\"badge bad\">failed: prod did not answer</span>"))
        #expect(page.contains("<article class=\"compared bad\" id=\"comparison-0\""))
        #expect(page.contains("data-unreachable=\"true\""))
        #expect(page.contains("<span class=\"badge bad\">not compared</span>"))
    }

    @Test("a run without --compare-env has no comparison section, note or headline")
    func nothingCompared() {
        var report = report()
        report.comparisons = []
        let page = HTMLReporter().render(report)
        #expect(!page.contains("id=\"comparison"))
        #expect(!page.contains("compared-note\">"))
        #expect(!page.contains("href=\"#comparison"))
        #expect(page.contains("<span class=\"badge good\">passed</span>"))
    }
}
