/// The name of a call to Swedbank Pay as metrics show it: the method and the path with every
/// segment that is not a word of Swedbank Pay's API replaced by `{id}`, e.g.
/// `GET /psp/paymentorders/{id}`. Ids, payer references and tokens never become label values:
/// they would leak into dashboards and make a new time series per order.
enum SwedbankPayOperation {
    /// The path words of the Swedbank Pay API the backend calls.
    static let words: Set<String> = [
        "psp", "paymentorders", "consumers", "payerownedpaymenttokens", "paymenttokens", "currentpayment",
        "paid", "failed", "cancelled", "aborted", "payers", "history", "urls", "payeeinfo", "orderitems",
        "financialtransactions", "failedattempts", "postpurchasefailedattempts", "metadata",
    ]

    static func name(method: String, path: String) -> String {
        let pathOnly = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let segments = pathOnly.split(separator: "/").map { segment in
            words.contains(segment.lowercased()) ? String(segment) : "{id}"
        }
        return method + " /" + segments.joined(separator: "/")
    }

    /// How a call ended, as a label: the status class of an answer, or why there was none.
    static func outcome(status: Int?, problem: BackendProblem?) -> String {
        if let status { return "\(status / 100)xx" }
        switch problem?.status {
        case 504: return "timeout"
        default: return "unreachable"
        }
    }
}
