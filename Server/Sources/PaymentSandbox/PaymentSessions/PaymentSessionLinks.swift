#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The hrefs of one session's operations. Every session operation lives under the session URL
/// (`/psp/paymentsessions/<token>`), so the token in the path is the only credential.
struct PaymentSessionLinks: Sendable {
    let urls: PublicURL
    let token: String

    /// The session URL: the initial fetch and get-payment.
    var session: String { urls.url("/psp/paymentsessions/\(token)") }
    var prepare: String { session + "/prepare" }
    var events: String { session + "/events" }
    var abort: String { session + "/abort" }
    var customize: String { session + "/customize" }
    var createAuthentication: String { session + "/sca/create-authentication" }
    var completeAuthentication: String { session + "/sca/complete-authentication" }
    /// Where the ACS pages post when they finish (the `NotificationUrl` expectation).
    var notification: String { session + "/sca/notification" }
    var acsMethod: String { urls.url("/sandbox/acs/method") }
    var acsChallenge: String { urls.url("/sandbox/acs/challenge") }

    func expand(_ method: SandboxInstrument) -> String { session + "/methods/\(method.rawValue)/expand" }
    func start(_ method: SandboxInstrument) -> String { session + "/methods/\(method.rawValue)/attempts" }
    func fail(_ method: SandboxInstrument) -> String { session + "/methods/\(method.rawValue)/failures" }
    func payload(_ method: SandboxInstrument) -> String { session + "/methods/\(method.rawValue)/payload" }
    func acknowledge(problem number: Int) -> String { session + "/problems/\(number)/acknowledge" }

    /// The order's hosted checkout script (view-payment), for the SDK's web fallback.
    func viewPayment(_ order: PaymentOrderRecord) -> String {
        urls.url("/checkout/client/\(order.viewToken)?culture=\(order.order.culture.rawValue)")
    }
}
#endif
