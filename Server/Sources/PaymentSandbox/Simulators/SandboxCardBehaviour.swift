#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// How a test card behaves when a saved-card attempt is started with it.
enum SandboxCardBehaviour: String, Sendable, Equatable {
    /// Authorized at once, without 3-D Secure: start-payment-attempt answers redirect-payer.
    case frictionless
    /// 3-D Secure 2 with a method (fingerprint) request and no challenge: create-authentication
    /// answers redirect-payer.
    case methodThenFrictionless
    /// 3-D Secure 2 with a method request and a challenge on the sandbox ACS page.
    case challenge
    /// Rejected during network tokenization: the attempt fails at once.
    case rejected
}
#endif
