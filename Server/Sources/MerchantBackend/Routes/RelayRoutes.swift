import Foundation
import Hummingbird
import SwedbankPaySDK

/// `PATCH /patch` (relays SetInstrument and Abort to a payment order) and `POST /expand` (reads a
/// payment order with `$expand`). Both act only on the caller's own orders. The relay sends a body
/// the backend builds from an allow-list (`RelayedPatch`), never the app's object, and only to the
/// exact URL of one of the caller's orders at the configured Swedbank Pay origin, so the merchant
/// token goes nowhere else and the app cannot change what the merchant's server decided (the
/// amount, the items, the URLs).
struct RelayRoutes {
    let services: BackendServices

    /// The `$expand` values Swedbank Pay knows.
    static let expandable: Set<String> = [
        "orderItems", "urls", "payeeInfo", "payer", "history", "failed", "aborted", "paid", "cancelled",
        "financialTransactions", "failedAttempts", "metadata",
    ]

    func register(app: RouterGroup<BackendRequestContext>) {
        app.patch("/patch") { request, context in
            let user = try context.requireUser()
            let body = try await services.body.object(request)
            let (href, patch) = try Self.patchBody(body)
            guard let pspID = Self.orderPath(ofHref: href, origin: services.swedbankPay.origin) else {
                // Well-formed but refused: the merchant token goes to Swedbank Pay's orders only.
                throw BackendProblem.forbidden(
                    "The href is not a payment order operation of Swedbank Pay.",
                    problems: [("href", "Must be the operation href of a payment order at Swedbank Pay, as given.")])
            }
            let order = try await services.ownedOrder(pspID: pspID, user: user)
            let answer = try await services.swedbankPay.send(.PATCH, href, body: patch.body)
            if let status = answer.object["paymentOrder"]?.objectValue?["status"]?.stringValue {
                try? await services.store.updateStatus(id: order.id, status: status, now: services.clock.milliseconds)
            }
            return BackendResponse.json(.object(answer.object))
        }
        app.post("/expand") { request, context in
            let user = try context.requireUser()
            let body = try await services.body.object(request)
            let (resource, expand) = try Self.expandBody(body)
            _ = try await services.ownedOrder(pspID: resource, user: user)
            var url = services.swedbankPay.url(resource)
            if !expand.isEmpty { url += "?$expand=" + expand.joined(separator: ",") }
            let answer = try await services.swedbankPay.send(.GET, url)
            return BackendResponse.json(.object(answer.object))
        }
    }

    /// `{"href": "...", "paymentorder": {"operation": ..., ...}}`, checked: the href (not yet
    /// judged) and the patch the backend will send.
    static func patchBody(_ body: SwedbankPaySDK.JSONObject) throws(BackendProblem) -> (String, RelayedPatch) {
        var problems = FieldProblems()
        let href = problems.string(body, "href", at: "", maxLength: 2_048)
        let paymentorder = problems.object(body, "paymentorder", at: "")
        let patch = paymentorder.flatMap { RelayedPatch.parse($0, into: &problems) }
        try problems.throwIfAny("The patch request is invalid.")
        guard let href, let patch else { throw .badRequest("The patch request is invalid.") }
        return (href, patch)
    }

    /// `{"resource": "/psp/paymentorders/<id>", "expand": [...]}`, checked.
    static func expandBody(_ body: SwedbankPaySDK.JSONObject) throws(BackendProblem) -> (String, [String]) {
        var problems = FieldProblems()
        let resource = problems.string(body, "resource", at: "", maxLength: 256)
        let expand = problems.strings(body, "expand", at: "", maxCount: 20)
        if let resource, paymentOrderPath(resource) != resource {
            problems.add("resource", "Must be a payment order id, /psp/paymentorders/<id>.")
        }
        for value in expand ?? [] where !expandable.contains(value) {
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
