import Foundation
import SwedbankPaySDK

/// What every route module uses: the configuration, the order table and the Swedbank Pay client.
struct BackendServices: Sendable {
    let configuration: BackendConfiguration
    let store: OrderStore
    let swedbankPay: SwedbankPayClient
    let body: RequestBody
    /// The one clock (``BackendClock``); read it, never `Date()`.
    let clock: BackendClock

    /// Where Swedbank Pay posts payment order callbacks.
    var callbackURL: URL { URL(string: configuration.callbackOrigin + CallbackRoutes.path)! }

    /// Reads the status of a created order from Swedbank Pay and records it; returns the status.
    @discardableResult
    func refreshStatus(of order: StoredOrder) async throws(BackendProblem) -> OrderStatus? {
        guard let pspID = order.pspID else { return order.status }
        let answer = try await swedbankPay.send(.GET, swedbankPay.url(pspID))
        guard let word = answer.object["paymentOrder"]?.objectValue?["status"]?.stringValue else {
            throw .invalidResponse(
                "Swedbank Pay's payment order has no status.", gatewayStatus: answer.status,
                body: SwedbankPaySDK.JSONValue.object(answer.object).jsonText)
        }
        let status = OrderStatus(rawValue: word)
        if BackendMetrics.enabled { BackendMetrics.statusRecorded(status) }
        do {
            try await store.updateStatus(id: order.id, status: status, now: clock.milliseconds)
        } catch {
            throw .internalError()
        }
        return status
    }

    /// The caller's created order whose Swedbank Pay id is `pspID`, or 404.
    func ownedOrder(pspID: String, user: String) async throws -> StoredOrder {
        guard let order = try await store.find(reference: pspID, user: user), order.pspID == pspID else {
            throw BackendProblem.notFound("No payment order \(pspID) of this user.")
        }
        return order
    }
}
