extension ValidationRun {
    /// `allOf`, `anyOf`, `oneOf`, `not` and `if`/`then`/`else` on the value at `instance`.
    mutating func validateCombinators(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let collect = evaluated != nil
        for branch in schemaNode.pointee.allOf {
            let result = evaluate(instance, branch, collect: collect)
            if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
        }
        let anyOf = schemaNode.pointee.anyOf
        if !anyOf.isEmpty {
            // Every branch runs, even after one passes: each passing branch's annotations count.
            let trials = anyOf.map { trial(instance, $0, collect: collect) }
            if trials.contains(where: \.valid) {
                for result in trials where result.valid { evaluated?.merge(result.evaluated) }
            } else {
                valid = false
                adoptClosest(trials, keyword: "anyOf", instance: instance)
            }
        }
        let oneOf = schemaNode.pointee.oneOf
        if !oneOf.isEmpty {
            let trials = oneOf.map { trial(instance, $0, collect: collect) }
            let passing = trials.indices.filter { trials[$0].valid }
            if passing.isEmpty {
                valid = false
                adoptClosest(trials, keyword: "oneOf", instance: instance)
            } else if passing.count > 1 {
                valid = false
                record(.constraintViolation, keyword: "oneOf", expected: "exactly one of \(trials.count) schemas to match",
                       actual: "matched \(passing.count): " + passing.map { "#\($0)" }.joined(separator: ", "), at: instance)
            } else {
                evaluated?.merge(trials[passing[0]].evaluated)
            }
        }
        if let negated = schemaNode.pointee.not, trial(instance, negated, collect: false).valid {
            valid = false
            record(.constraintViolation, keyword: "not", expected: "a value that does not match \(describe(schema: negated))", actual: excerpt(instance), at: instance)
        }
        if let condition = schemaNode.pointee.ifSchema {
            let test = trial(instance, condition, collect: collect)
            if test.valid {
                evaluated?.merge(test.evaluated)
                if let then = schemaNode.pointee.thenSchema {
                    let result = evaluate(instance, then, collect: collect)
                    if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
                }
            } else if let otherwise = schemaNode.pointee.elseSchema {
                let result = evaluate(instance, otherwise, collect: collect)
                if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
            }
        }
        return valid
    }

    /// Validates a branch without committing its findings.
    mutating func trial(_ instance: Int, _ index: Int, collect: Bool) -> Trial {
        speculative += 1
        let saved = violations.count
        let result = evaluate(instance, index, collect: collect)
        let found = Array(violations[saved...])
        violations.removeSubrange(saved...)
        speculative -= 1
        return Trial(valid: result.valid, violations: found, evaluated: result.evaluated)
    }

    /// Reports the findings of the branch that came closest, so the report says what drifted
    /// rather than "matched none".
    mutating func adoptClosest(_ trials: [Trial], keyword: String, instance: Int) {
        // A branch that fails on `type` at this very value describes another kind of value
        // altogether; among the rest, the fewest findings is the closest.
        let here = currentPath()
        func score(_ trial: Trial) -> (Int, Int) {
            let wrongKind = trial.violations.contains { $0.keyword == "type" && $0.path == here }
            return (wrongKind ? 1 : 0, trial.violations.count)
        }
        guard let best = trials.indices.min(by: { score(trials[$0]) < score(trials[$1]) }) else { return }
        if trials[best].violations.isEmpty {
            record(.constraintViolation, keyword: keyword, expected: "a value matching one of \(trials.count) schemas", actual: excerpt(instance), at: instance)
        } else {
            for violation in trials[best].violations where violation.isFailure { commit(violation) }
        }
    }
}
