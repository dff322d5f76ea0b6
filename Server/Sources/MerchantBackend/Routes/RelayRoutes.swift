import Foundation
import Hummingbird
import SwedbankPaySDK

/// `PATCH /patch` (relays SetInstrument, Abort and UpdateOrder to a payment order operation href)
/// and `POST /expand` (reads a payment order with `$expand`). Both act only on the caller's own
/// orders and only on the configured Swedbank Pay origin, so the merchant token goes nowhere else.
struct RelayRoutes {
    let services: BackendServices

    /// The operations the relay passes on.
    static let relayedOperations: Set<String> = ["SetInstrument", "Abort", "UpdateOrder"]
    /// The `$expand` values Swedbank Pay knows.
    static let expandable: Set<String> = [
        "orderItems", "urls", "payeeInfo", "payer", "history", "failed", "aborted", "paid", "cancelled",
        "financialTransactions", "failedAttempts", "metadata",
    ]

    func register(app: RouterGroup<BackendRequestContext>) {
        app.patch("/patch") { request, context in
            let user = try context.requireUser()
            let body = try await services.body.object(request)
            let (href, paymentorder) = try Self.patchBody(body)
            guard services.swedbankPay.isOnOrigin(href), let pspID = Self.paymentOrderPath(href) else {
                // Well-formed but refused: the merchant token goes to Swedbank Pay's orders only.
                throw BackendProblem.forbidden(
                    "The href is not a payment order operation of Swedbank Pay.",
                    problems: [("href", "Must be an operation href of a payment order at Swedbank Pay.")])
            }
            let order = try await services.ownedOrder(pspID: pspID, user: user)
            let answer = try await services.swedbankPay.send(
                .PATCH, href, body: .object(["paymentorder": .object(paymentorder)]))
            if let status = answer.object["paymentOrder"]?.objectValue?["status"]?.stringValue {
                try? await services.store.updateStatus(id: order.id, status: status, now: Migrations.now())
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

    /// `{"href": "...", "paymentorder": {"operation": ..., ...}}`, checked.
    static func patchBody(_ body: SwedbankPaySDK.JSONObject) throws(BackendProblem) -> (
        String, SwedbankPaySDK.JSONObject
    ) {
        var problems = FieldProblems()
        let href = problems.string(body, "href", at: "", maxLength: 2_048)
        let paymentorder = problems.object(body, "paymentorder", at: "")
        if let paymentorder, let operation = problems.string(paymentorder, "operation", at: "paymentorder") {
            if !relayedOperations.contains(operation) {
                problems.add(
                    "paymentorder.operation", "Must be one of \(relayedOperations.sorted().joined(separator: ", ")).")
            }
            if operation == "SetInstrument" {
                _ = problems.string(paymentorder, "instrument", at: "paymentorder", maxLength: 64)
            }
            if operation == "Abort" {
                _ = problems.string(paymentorder, "abortReason", at: "paymentorder", required: false, maxLength: 64)
            }
        }
        try problems.throwIfAny("The patch request is invalid.")
        return (href ?? "", paymentorder ?? [:])
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

    /// `/psp/paymentorders/<id>` of an href or path at or under a payment order, or nil.
    static func paymentOrderPath(_ hrefOrPath: String) -> String? {
        let path = URL(string: hrefOrPath).map(\.path) ?? hrefOrPath
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[0].isEmpty, parts[1] == "psp", parts[2] == "paymentorders", !parts[3].isEmpty,
            parts[3].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else { return nil }
        return "/psp/paymentorders/\(parts[3])"
    }
}
