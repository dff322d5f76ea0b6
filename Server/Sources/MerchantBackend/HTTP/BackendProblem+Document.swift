import ServerSupport

/// The backend's problems render like the sandbox's: RFC 7807 JSON from ``ProblemDocument``.
extension BackendProblem: ProblemDocument {}
