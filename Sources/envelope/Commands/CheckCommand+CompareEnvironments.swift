import EnvelopeCore
import EnvelopeHTTP

/// `check --env staging --compare-env prod`: every contract's request is sent to both
/// environments in the same round of transfers, and the checked environment's answer is
/// compared with the baseline's by structure, each difference judged by the contract.
extension CheckCommand {
    /// The baseline's requests, and which contract each is for: the baseline's answers come
    /// after the checked environment's in the one list of transfers.
    struct BaselinePlan {
        /// The baseline environment.
        var environment: ProjectConfig.Environment
        /// By contract position: the request, or nil where the environment's `only` leaves the
        /// contract out.
        var plans: [PlannedRequest?]

        /// The requests to send, in contract order, skipping contracts the baseline does not serve.
        var requests: [PlannedRequest] { plans.compactMap { $0 } }

        /// The transfer index of each contract's baseline request, counting from `offset`
        /// (the number of the checked environment's requests).
        func transferIndices(after offset: Int) -> [Int?] {
            var next = offset
            return plans.map { plan in
                guard plan != nil else { return nil }
                defer { next += 1 }
                return next
            }
        }
    }

    /// Plans the baseline environment's request for each contract, as for the checked one.
    func planBaseline(_ contracts: [Contract], environment: ProjectConfig.Environment, expander: TemplateExpander) throws(CommandFailure) -> BaselinePlan {
        let target = Target(baseURL: environment.baseURL, headers: environment.headers, origin: "environment \(environment.name) (\(configPath))")
        var plans: [PlannedRequest?] = []
        for contract in contracts {
            if !environment.only.isEmpty && !environment.only.contains(contract.name) {
                plans.append(nil)
            } else {
                plans.append(try plan(contract, target: target, expander: expander))
            }
        }
        return BaselinePlan(environment: environment, plans: plans)
    }

    /// Each contract's comparison: `answers` holds the checked environment's answers first
    /// (one per contract), then the baseline's at `baseline`'s transfer indices.
    func compareEnvironments(_ contracts: [Contract], baseline: BaselinePlan, answers: [LiveAnswer?]) -> [EnvironmentComparison?] {
        let candidate = environmentName ?? baseURL ?? "the checked server"
        let name = baseline.environment.name
        let indices = baseline.transferIndices(after: contracts.count)
        return contracts.enumerated().map { position, contract in
            let source = baseline.plans[position]?.source ?? "\(contract.request.method) \(contract.request.target)"
            func notCompared(_ reason: String, unreachable: Bool) -> EnvironmentComparison {
                EnvironmentComparison(baseline: name, candidate: candidate, baselineSource: source, outcome: .notCompared(reason: reason, unreachable: unreachable))
            }
            guard let index = indices[position], let plan = baseline.plans[position] else {
                return notCompared("\(name) does not serve it (\"only\" of environment \(name) in \(configPath))", unreachable: false)
            }
            let old = index < answers.count ? answers[index] : nil
            let new = position < answers.count ? answers[position] : nil
            if let reason = Self.unanswered(old, contract: contract, by: name, plan: plan) { return notCompared(reason, unreachable: true) }
            // The checked environment's own result already reports why it has no answer.
            if let reason = Self.unanswered(new, contract: contract, by: candidate, plan: nil) { return notCompared(reason, unreachable: false) }
            guard case .response(let oldStatus, let oldType, let oldBody)? = old,
                  case .response(let newStatus, let newType, let newBody)? = new else {
                return notCompared("no answer was kept", unreachable: false)
            }
            let judge = DifferenceJudge(contract: contract, policy: schemaOptions.policy)
            let differences = judge.compare(baseline: AnswerShape(status: oldStatus, contentType: oldType, body: oldBody),
                                            candidate: AnswerShape(status: newStatus, contentType: newType, body: newBody))
            return EnvironmentComparison(baseline: name, candidate: candidate, baselineSource: plan.source, outcome: .compared(differences))
        }
    }

    /// Why `answer` cannot be compared, or nil when it can: no answer (refused, timed out,
    /// cut off at --max-body), or a 5xx the contract does not expect, which is an outage
    /// rather than a changed answer.
    static func unanswered(_ answer: LiveAnswer?, contract: Contract, by environment: String, plan: PlannedRequest?) -> String? {
        switch answer {
        case nil: return "\(environment) did not answer"
        case .failed(let error)?:
            // The message names the real URL; show the redacted one.
            let message = plan.map { error.message.replacing($0.request.url, with: $0.displayURL) } ?? error.message
            return "\(environment) did not answer (\(error.name): \(message))"
        case .response(let status, _, _)? where (500...599).contains(status) && contract.response.status != status:
            return "\(environment) answered \(status), an outage rather than a changed answer"
        case .response?: return nil
        }
    }
}
