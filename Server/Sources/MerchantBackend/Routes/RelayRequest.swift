import SwedbankPaySDK

/// What `PATCH /patch` and `POST /expand` accept, as pure functions of the body (the routes are
/// ``RelayRoutes``): the relayed patch (``RelayedPatch``) and its href, judged against the
/// configured Swedbank Pay origin; the order and the resources to expand. Free of the HTTP
/// server, so the fuzz targets check it as it is.
enum RelayRequest {
    /// `{"href": "...", "paymentorder": {"operation": ..., ...}}`, checked: the href (not yet
    /// judged) and the patch the backend will send.
    static func patchBody(_ body: SwedbankPaySDK.JSONObject) throws(BackendProblem) -> (String, RelayedPatch) {
        var problems = FieldProblems()
        let href = problems.string(body, "href", at: "", maxLength: ContractLimits.href)
        let paymentorder = problems.object(body, "paymentorder", at: "")
        let patch = paymentorder.flatMap { RelayedPatch.parse($0, into: &problems) }
        try problems.throwIfAny("The patch request is invalid.")
        guard let href, let patch else { throw .badRequest("The patch request is invalid.") }
        return (href, patch)
    }

    /// `{"resource": "/psp/paymentorders/<id>", "expand": [...]}`, checked.
    static func expandBody(_ body: SwedbankPaySDK.JSONObject) throws(BackendProblem) -> (String, [String]) {
        var problems = FieldProblems()
        let resource = problems.string(body, "resource", at: "", maxLength: ContractLimits.expandResource)
        let expand = problems.strings(body, "expand", at: "", maxCount: ContractLimits.expandCount)
        if let resource, paymentOrderPath(resource) != resource {
            problems.add("resource", "Must be a payment order id, /psp/paymentorders/<id>.")
        }
        for value in expand ?? [] where !ContractLimits.expandable.contains(value) {
            problems.add("expand", "Unknown resource \(value).")
        }
        try problems.throwIfAny("The expand request is invalid.")
        return (resource ?? "", expand ?? [])
    }

    /// `/psp/paymentorders/<id>` when `href` is exactly `<origin>/psp/paymentorders/<id>` — the
    /// href of every PATCH operation Swedbank Pay gives a payment order — and nil for anything
    /// else: another origin or port spelling, more or fewer segments, dot segments, percent
    /// escapes, a query or a fragment. Compared as text, whole, so nothing is left for a later
    /// normalization to reinterpret.
    static func orderPath(ofHref href: String, origin: String) -> String? {
        guard href.hasPrefix(origin) else { return nil }
        let path = String(href.dropFirst(origin.count))
        return paymentOrderPath(path) == path ? path : nil
    }

    /// `/psp/paymentorders/<id>` of a path at or under a payment order, or nil. The id is ASCII
    /// letters, digits and `-` only.
    static func paymentOrderPath(_ path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[0].isEmpty, parts[1] == "psp", parts[2] == "paymentorders", !parts[3].isEmpty,
            parts[3].count <= 64, parts[3].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else { return nil }
        return "/psp/paymentorders/\(parts[3])"
    }
}
