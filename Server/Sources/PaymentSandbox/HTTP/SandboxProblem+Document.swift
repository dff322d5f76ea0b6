import ServerSupport

/// The sandbox's problems render as RFC 7807 JSON through ``ProblemDocument``.
extension SandboxProblem: ProblemDocument {}
