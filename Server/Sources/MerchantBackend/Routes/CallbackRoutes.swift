import Foundation
import Hummingbird
import Logging
import SwedbankPaySDK

/// `POST /swedbankpay/callback`: Swedbank Pay's notice that a payment order changed. Anyone can
/// post here, so the body is only a hint: the route checks its shape, records the callback for
/// the order it names (`callback_inbox`; an id that is no order of this backend yet waits in
/// `callback_early`, bounded in number and age, in case its order's row is still being written),
/// answers, and leaves the rest to ``CallbackVerifier``, which reads the order back from Swedbank
/// Pay and records what it says. The answer is sent only once the callback is recorded, so a
/// callback is never lost with the process that answered it: a verification that fails or dies is
/// tried again (``BackendServices/retryUnverifiedCallbacks(into:now:)``). A callback that cannot be
/// recorded is a 500, which makes Swedbank Pay send it again. Every well-formed callback gets the
/// same answer, byte for byte, whether or not the id is an order of this backend, and costs a
/// forger no Swedbank Pay call of ours beyond the verifier's bounds.
struct CallbackRoutes {
    static let path = "/swedbankpay/callback"
    /// The answer to every well-formed callback.
    static let accepted = SwedbankPaySDK.JSONValue.object([:])
    let services: BackendServices
    let verifier: CallbackVerifier

    func register(open: Router<BackendRequestContext>) {
        open.post(RouterPath(Self.path)) { request, _ in
            let body = try await services.body.object(request)
            let paymentOrder = body["paymentOrder"]?.objectValue
            guard let id = paymentOrder?["id"]?.stringValue,
                let pspID = RelayRequest.paymentOrderPath(id), pspID == id
            else {
                throw BackendProblem.badRequest(
                    "The callback has no paymentOrder.id.", problems: [("paymentOrder.id", "The field is required.")])
            }
            // The documented shape: an instrument, when sent, is its name.
            if let instrument = paymentOrder?["instrument"], instrument.stringValue == nil {
                throw BackendProblem.badRequest(
                    "The callback is malformed.", problems: [("paymentOrder.instrument", "The field must be a string.")]
                )
            }
            let record: OrderStore.CallbackRecord
            do {
                record = try await services.store.recordCallback(
                    pspID: pspID, now: services.clock.milliseconds,
                    maxEarly: services.configuration.maxCallbacksWaiting)
            } catch {
                throw BackendProblem.internalError()
            }
            if BackendMetrics.enabled { BackendMetrics.callback(record.metricLabel) }
            await verifier.receive(pspID)
            return BackendResponse.json(Self.accepted)
        }
    }
}

extension BackendServices {
    /// What a callback for `pspID` leads to: the order's status read from Swedbank Pay and
    /// recorded, if the order is this backend's, and then the callbacks recorded before the read
    /// cleared. Failures are logged and leave the callback recorded, for a later retry.
    func verifyCallback(pspID: String) async {
        do {
            guard let order = try await store.find(pspID: pspID) else { return }
            let version = try await store.callbackVersion(pspID: pspID)
            let status = try await refreshStatus(of: order)
            if let version { try await store.callbacksVerified(pspID: pspID, version: version) }
            // The one line an operator (and the cluster test, across processes) sees for each
            // callback's news recorded.
            Logger(label: "MerchantBackend.callbacks").info(
                "Callback verified", metadata: ["order": "\(pspID)", "status": "\(status?.rawValue ?? "none")"])
        } catch {
            Logger(label: "MerchantBackend.callbacks").notice(
                "Callback verification failed", metadata: ["order": "\(pspID)", "error": "\(error)"])
        }
    }
}

extension BackendServices {
    /// Hands `verifier` the orders whose callbacks came before the order was recorded and now
    /// are, and those whose callbacks were recorded more than
    /// ``BackendConfiguration/callbackRetryAfter`` before `now` (milliseconds) and are still not
    /// verified — at most as many as may wait — and returns how many. Every instance on a shared
    /// database does this; a read twice is harmless, a read never would lose the payment's status.
    @discardableResult
    func retryUnverifiedCallbacks(into verifier: CallbackVerifier, now: Int64) async -> Int {
        let before = now - Int64(configuration.callbackRetryAfter * 1_000)
        do {
            let promoted = try await store.promoteEarlyCallbacks(
                expiredBefore: now - OrderStore.earlyCallbackLifetime)
            let unverified = try await store.unverifiedCallbacks(
                receivedBefore: before, limit: configuration.maxCallbacksWaiting)
            let orders = promoted + unverified.filter { !promoted.contains($0) }
            for order in orders { await verifier.receive(order) }
            return orders.count
        } catch {
            Logger(label: "MerchantBackend.callbacks").notice(
                "Reading unverified callbacks failed", metadata: ["error": "\(error)"])
            return 0
        }
    }
}
