import AsyncHTTPClient
import Foundation
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

/// What the attack tests share: the attacker's and the victim's headers, reading problems, and the
/// sandbox's request log, by which a test proves that a refused request sent nothing to Swedbank Pay.
extension BackendHarness {
    static let victim = "victim-user-1"
    static let attacker = "attacker-user-1"

    /// The app headers with `user`'s access token (the API key is the app's, which every attacker has).
    static func headers(of user: String) -> [String: String] {
        var headers = appHeaders
        headers["x-payex-sample-access-token"] = user
        return headers
    }

    /// A payer reference no other test uses (the PostgreSQL database is shared between tests).
    static func freshPayerReference() -> String {
        "payer-" + UUID().uuidString.lowercased()
    }

    /// Every request the sandbox has received so far, as `METHOD path`.
    func sandboxRequests() async throws -> [String] {
        let log = try await client.answer(.GET, sandboxURL + "/sandbox/requests")
        let entries = log.json["requests"] as? [[String: Any]] ?? []
        return entries.compactMap { entry in
            guard let method = entry["method"] as? String, let path = entry["path"] as? String else { return nil }
            return method + " " + path
        }
    }

    /// The sandbox requests `during` caused, control-API reads excluded.
    func sandboxRequests(during action: () async throws -> Void) async throws -> [String] {
        let before = try await sandboxRequests().count
        try await action()
        return try await sandboxRequests().dropFirst(before).filter { !$0.hasPrefix("GET /sandbox/") }
    }

    /// The sandbox's own record of an order: status and amount, read through its control API.
    func sandboxOrder(_ pspID: String) async throws -> (status: String, amount: Int)? {
        let listing = try await client.answer(.GET, sandboxURL + "/sandbox/paymentorders")
        let orders = listing.json["paymentOrders"] as? [[String: Any]] ?? []
        guard let order = orders.first(where: { $0["id"] as? String == pspID }),
            let status = order["status"] as? String, let amount = order["amount"] as? Int
        else { return nil }
        return (status, amount)
    }

    /// Creates an order for `user` (with `payerReference`) and pays it with a card at the sandbox,
    /// which saves the card as a payment token of that payer. Returns the order's Swedbank Pay id.
    @discardableResult
    func paidOrderWithSavedCard(user: String, payerReference: String) async throws -> String {
        try await paidOrderWithSavedCard(headers: Self.headers(of: user), payerReference: payerReference)
    }

    /// ``paidOrderWithSavedCard(user:payerReference:)`` for the user of the app headers `headers`.
    @discardableResult
    func paidOrderWithSavedCard(headers: [String: String], payerReference: String) async throws -> String {
        let created = try await createOrder(payerReference: payerReference, headers: headers)
        try #require(created.status == 201, "\(created.body)")
        let pspID = try #require(created.paymentOrderID)
        try await payAtSandbox(pspID)
        // The sandbox's callback makes the backend read the order back; waited for, so that read
        // is not counted as something a later request sent.
        let orderID = try #require(try await backend.services.store.find(pspID: pspID)?.id)
        let paid = await database.statusChanges.first(
            where: { $0.orderID == orderID && $0.status == "Paid" }, within: 10)
        try #require(paid != nil, "the callback's status read was not recorded")
        return pspID
    }

    /// The payment tokens `user` sees for `payerReference` (empty when refused).
    func listedTokens(user: String, payerReference: String) async throws -> [String] {
        try await listedTokens(headers: Self.headers(of: user), payerReference: payerReference)
    }

    /// The payment tokens the user of `headers` sees for `payerReference`, sent percent-encoded.
    func listedTokens(headers: [String: String], payerReference: String) async throws -> [String] {
        let path = "/payers/\(Self.percentEncoded(payerReference))/paymentTokens"
        return try await send(.GET, path, headers: headers).paymentTokens
    }

    /// Every byte of `text`'s UTF-8 as `%XX`: a path segment that carries any text as it is.
    static func percentEncoded(_ text: String) -> String {
        text.utf8.map { String(format: "%%%02X", $0) }.joined()
    }
}

extension Answer {
    /// `payerOwnedPaymentTokens.paymentTokens[].paymentToken` of a token listing.
    var paymentTokens: [String] {
        let owned = json["payerOwnedPaymentTokens"] as? [String: Any]
        let tokens = owned?["paymentTokens"] as? [[String: Any]] ?? []
        return tokens.compactMap { $0["paymentToken"] as? String }
    }
}

extension Answer {
    /// `paymentOrder.id` of a created order.
    var paymentOrderID: String? { (json["paymentOrder"] as? [String: Any])?["id"] as? String }

    /// The problem document's `type`.
    var problemType: String? { json["type"] as? String }

    /// The names in the problem document's `problems[]`.
    var problemNames: [String] {
        (json["problems"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }
}

extension BackendHarness {
    /// Adds a fault rule at the sandbox (the JSON of `POST /sandbox/faults`).
    func addSandboxFault(_ rule: String) async throws {
        let answer = try await client.answer(.POST, sandboxURL + "/sandbox/faults", json: rule)
        try #require(answer.status == 201, "\(answer.body)")
    }

    /// Pays order `pspID` with a card at the sandbox, which then sends the backend its callback.
    func payAtSandbox(_ pspID: String) async throws {
        let guid = try #require(pspID.split(separator: "/").last)
        let paid = try await client.answer(
            .POST, sandboxURL + "/sandbox/paymentorders/\(guid)/pay", json: #"{"instrument":"CreditCard"}"#)
        try #require(paid.status == 200, "\(paid.body)")
    }
}
