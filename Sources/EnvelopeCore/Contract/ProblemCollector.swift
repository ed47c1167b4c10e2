/// Where a load that lists every problem (`lint`, and the reports of `check` and `validate`)
/// keeps those it can step past: an unknown key, a field of the wrong type, a bad schema
/// keyword, a `$ref` that leads nowhere. Such a problem spoils only its own part of the
/// contract, so loading goes on with the rest, the way a compiler goes on after an error.
///
/// One load's own: made, filled and read on one thread.
final class ProblemCollector {
    /// The problems, in the order they were found.
    private(set) var problems: [ContractError] = []

    /// Adds a problem.
    func add(_ problem: ContractError) {
        problems.append(problem)
    }
}
