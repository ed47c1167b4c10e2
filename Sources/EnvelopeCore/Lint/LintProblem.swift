/// One problem `envelope lint` found in a contract or mock file: the ``FileProblem`` every
/// report carries, under the name lint's callers know.
public typealias LintProblem = FileProblem
