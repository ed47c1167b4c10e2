/// Compares two environments' answers to one contract's request and judges every structural
/// difference by the contract's rules: `check --env staging --compare-env prod`.
///
/// The baseline is the answer the app ships against today (prod); the candidate is the
/// change (staging). A difference that makes the candidate fail a rule of the contract is
/// breaking, with the severity the contract's `drift` settings (then the command line's) give
/// that rule's drift kind; any other difference is a warning, saying why: the contract allows
/// it, or the place is not in the contract at all.
public struct DifferenceJudge: Sendable {
    /// The contract whose rules judge.
    public var contract: Contract
    /// The command line's severity settings, over the contract's.
    public var policy: SeverityPolicy

    /// Creates a judge for `contract`.
    public init(contract: Contract, policy: SeverityPolicy = SeverityPolicy()) {
        self.contract = contract
        self.policy = policy
    }

    /// How `candidate` differs from `baseline`, judged, in the order of the places; a
    /// difference whose rule is set to `ignore` is left out.
    public func compare(baseline: AnswerShape, candidate: AnswerShape) -> [JudgedDifference] {
        let rules = ContractRules(contract)
        var enumPlaces: Set<String> = []
        if case .json(let shape) = baseline.body { enumPlaces = rules.enumPlaces(in: shape) }
        return baseline.differences(to: candidate, enumPlaces: enumPlaces)
            .map { judge($0, candidate: candidate, rules: rules) }
            .filter { $0.severity != .ignore }
    }

    /// One difference, judged.
    func judge(_ difference: ShapeDifference, candidate: AnswerShape, rules: ContractRules) -> JudgedDifference {
        let effective = contract.drift.overridden(by: policy)
        func breaking(_ kind: DriftKind, _ reason: String) -> JudgedDifference {
            // A key the contract forbids is breaking here, though validation calls an unknown
            // key a warning: the contract said no other keys. Its explicit setting still wins.
            let severity = kind == .unknownKey ? effective.overrides[kind] ?? .breaking : effective.severity(of: kind)
            return JudgedDifference(difference: difference, severity: severity, reason: reason, driftKind: kind)
        }
        func warning(_ reason: String) -> JudgedDifference {
            JudgedDifference(difference: difference, severity: .warning, reason: reason)
        }
        switch difference.kind {
        case .statusChanged:
            let expected = contract.response.status.map { "the contract expects status \($0)" } ?? "the contract names no status"
            return breaking(.statusMismatch, "a changed status; \(expected)")
        case .contentTypeChanged:
            return judgeContentType(candidate.contentType, breaking: breaking, warning: warning)
        case .bodyNotJSON:
            return contract.response.body == nil ? warning("the contract has no body schema") : breaking(.notJSON, "the contract has a body schema")
        default:
            return judgeBody(difference, rule: rules.rule(at: difference.pointer), breaking: breaking, warning: warning)
        }
    }

    private func judgeContentType(_ value: String?, breaking: (DriftKind, String) -> JudgedDifference,
                                  warning: (String) -> JudgedDifference) -> JudgedDifference {
        guard let rule = contract.response.headers.first(where: { $0.name.lowercased() == "content-type" }) else {
            return warning("not in the contract")
        }
        return rule.isSatisfied(by: value) ? warning("the contract allows it (\(rule.expected))") : breaking(.headerMismatch, "the contract expects \(rule.expected)")
    }

    private func judgeBody(_ difference: ShapeDifference, rule: PlaceRule, breaking: (DriftKind, String) -> JudgedDifference,
                           warning: (String) -> JudgedDifference) -> JudgedDifference {
        let notInContract = "not in the contract"
        switch difference.kind {
        case .keyRemoved, .keySometimesAbsent:
            switch rule.standing {
            case .declared(required: true): return breaking(.missingKey, "required by the contract")
            case .declared(required: false): return warning("optional in the contract")
            case .additional: return warning("optional in the contract (additionalProperties)")
            case .notInContract, .forbidden: return warning(notInContract)
            }
        case .keyAdded:
            switch rule.standing {
            case .forbidden: return breaking(.unknownKey, "the contract allows no other keys (additionalProperties: false)")
            case .declared: return rule.admits(difference.new) ? warning("declared in the contract") : breaking(.typeMismatch, "the contract expects \(rule.typeText)")
            case .additional: return rule.admits(difference.new) ? warning("allowed by the contract (additionalProperties)") : breaking(.typeMismatch, "the contract expects \(rule.typeText)")
            case .notInContract: return warning(notInContract)
            }
        case .nullAdded:
            guard rule.schema != nil else { return warning(notInContract) }
            return rule.admits(.null) ? warning("the contract allows null") : breaking(.unexpectedNull, "the contract does not allow null (\(rule.typeText))")
        case .typeChanged:
            guard rule.schema != nil else { return warning(notInContract) }
            return rule.admits(difference.new) ? warning("the contract allows \(rule.typeText)") : breaking(.typeMismatch, "the contract expects \(rule.typeText)")
        case .enumValueAdded:
            return judgeEnumValues(difference.addedValues, rule: rule, breaking: breaking, warning: warning)
        case .nullRemoved, .keyAlwaysPresent:
            return warning(rule.schema == nil ? notInContract : "the contract allows it")
        case .statusChanged, .contentTypeChanged, .bodyNotJSON:
            return warning(notInContract)
        }
    }

    private func judgeEnumValues(_ added: [String], rule: PlaceRule, breaking: (DriftKind, String) -> JudgedDifference,
                                 warning: (String) -> JudgedDifference) -> JudgedDifference {
        guard let values = rule.schema?.values, values.contains(where: { $0.kind == .string }) else {
            return warning("not an enum in the contract")
        }
        let unlisted = added.filter { !values.contains(.string($0)) }
        guard !unlisted.isEmpty else { return warning("listed in the contract's enum") }
        if rule.schema?.opensEnum == true { return breaking(.unknownEnumValue, "an open enum in the contract") }
        return breaking(.enumViolation, "a closed enum in the contract")
    }
}
