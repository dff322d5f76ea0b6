#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// How a log line names the request it is about: by the pattern of the route that took it
/// (`/psp/paymentsessions/{token}`), never by its path. Paths carry view and session tokens, payer
/// references and payment tokens, and log lines are read, shipped and kept by more people and
/// systems than the request itself. One rule for every line that names a request: the Merchant
/// Backend's request log and the Payment Sandbox's fault lines.
public enum LoggedRoute {
    /// The name of a request whose route has the pattern `endpointPath` (a request context's,
    /// set once the router has matched it); `NotFound` for one no route took.
    public static func name(_ endpointPath: String?) -> String {
        endpointPath ?? "NotFound"
    }
}
#endif
