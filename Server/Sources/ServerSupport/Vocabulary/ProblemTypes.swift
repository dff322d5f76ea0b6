#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// The problem types of the Swedbank Pay API: `https://api.payex.com/psp/errordetail/<path>`, where
/// the path names the problem, scoped to a resource or an instrument (`inputerror`,
/// `paymentorders/inputerror`, `creditcard/carddeclined`). An open set — the portal's lists grow,
/// and the real service may send others — so the server package writes the prefix once, here, and
/// each problem by its path; the types the SDK gives typed cases are the SDK's
/// `SwedbankPaySDK.ProblemTypeURI`, public for servers.
public enum ProblemTypes {
    /// What every Swedbank Pay problem type starts with.
    public static let errorDetail = "https://api.payex.com/psp/errordetail/"

    /// The type named by `path` (`paymentorders/inputerror`).
    public static func errorDetail(_ path: String) -> String { errorDetail + path }
}
#endif
