#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// The problem types of the Swedbank Pay API: `https://api.payex.com/psp/errordetail/<path>`, where
/// the path names the problem, scoped to a resource or an instrument (`inputerror`,
/// `paymentorders/inputerror`, `creditcard/carddeclined`). An open set — the portal's lists grow,
/// and the real service may send others — so the server package writes the prefix once, here, and
/// each problem by its path: the paths below, or a row of an instrument's problem table (the
/// sandbox's `Simulators/Problems/`) in its ``Scope``. The types the SDK gives typed cases are the
/// SDK's `SwedbankPaySDK.ProblemTypeURI`, public for servers. `scripts/check-vocabulary` counts a
/// path written anywhere else, and any literal joined to ``errorDetail``.
public enum ProblemTypes {
    /// What every Swedbank Pay problem type starts with.
    public static let errorDetail = "https://api.payex.com/psp/errordetail/"

    /// The type named by `path` (`paymentorders/inputerror`).
    public static func errorDetail(_ path: String) -> String { errorDetail + path }

    /// The type of the problem `name` in `scope` (`creditcard/carddeclined`).
    public static func errorDetail(_ scope: Scope, _ name: String) -> String {
        errorDetail + scope.rawValue + "/" + name
    }

    /// `type`, a type of this prefix, scoped to `scope` (`…/inputerror` → `…/paymentorders/inputerror`);
    /// any other type as it is.
    public static func scoped(_ type: String, to scope: Scope) -> String {
        guard type.hasPrefix(errorDetail) else { return type }
        return errorDetail(scope, String(type.dropFirst(errorDetail.count)))
    }

    /// What a path's first segment scopes a problem to: a resource of the API or an instrument.
    /// The raw values are the segments as the portal spells them (resources' URLs spell them too,
    /// so they are not words of the vocabulary check).
    public enum Scope: String, Sendable, CaseIterable {
        case paymentorders, paymentsessions, creditcard, invoice, vipps, trustly
    }

    // The paths the server package writes outside an instrument's problem table.

    /// 401: the caller's credentials are missing or unknown.
    public static let unauthorized = "unauthorized"
    /// 405: the path exists, not with this method.
    public static let methodNotAllowed = "methodnotallowed"
    /// 409: not allowed in the resource's current state.
    public static let conflict = "conflict"
    /// 413: the request body is too large.
    public static let payloadTooLarge = "payloadtoolarge"
    /// 415: the body is not JSON.
    public static let unsupportedMediaType = "unsupportedmediatype"
    /// 422: the token a server-initiated order names was deleted.
    public static let paymentTokenInactive = "paymentorders/paymenttokeninactive"
    /// A payment attempt the app reported the payer cancelled (`fail-payment-attempt`).
    public static let userCancelled = "paymentorders/usercancelled"
    /// A payment attempt the app reported failed technically (`fail-payment-attempt`).
    public static let technicalError = "paymentorders/technicalerror"
    /// A payment attempt whose payment app the app could not launch (`fail-payment-attempt`).
    public static let clientAppLaunchFailed = "paymentorders/clientapplaunchfailed"
    /// 409 of the payment session API: the operation is not allowed in the session's state.
    public static let operationNotAllowed = "paymentsessions/operationnotallowed"
}
#endif
