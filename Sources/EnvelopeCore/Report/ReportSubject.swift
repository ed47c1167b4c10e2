/// What each result of a report stands for, so that its summary counts the right thing: a
/// `check` has one result per contract, a `validate` one per answer (file or standard input)
/// or per URL, all against the same contract.
public enum ReportSubject: Sendable {
    case contracts, answers, urls

    /// The noun for `count` results: `1 contract`, `6 answers`.
    public func counted(_ count: Int) -> String {
        let noun = switch self {
        case .contracts: "contract"
        case .answers: "answer"
        case .urls: "URL"
        }
        return "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
