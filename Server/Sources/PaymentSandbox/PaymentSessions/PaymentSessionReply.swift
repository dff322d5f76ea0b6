#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// What a session request is answered with.
enum PaymentSessionReply: Sendable {
    /// 200 with the session model as it is after the transition.
    case model
    /// 204 without a body.
    case noContent
    /// A problem (409 operationnotallowed, 400 inputerror, ...).
    case problem(SandboxProblem)
}
#endif
