/// The outcome of a speculative branch.
struct Trial {
    var valid: Bool
    var violations: [Violation]
    var evaluated: Evaluated?
}
