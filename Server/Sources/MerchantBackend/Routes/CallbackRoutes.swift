import Foundation
import Hummingbird
import Logging
import SwedbankPaySDK

/// `POST /swedbankpay/callback`: Swedbank Pay's notice that a payment order changed. Anyone can
/// post here, so the body is only a hint: the route checks its shape, answers at once, and leaves
/// the rest to ``CallbackVerifier``, which reads the order back from Swedbank Pay and records what
/// it says. Every well-formed callback gets the same answer, byte for byte, whether or not the id
/// is an order of this backend, so the route tells nothing about orders and costs a forger no
/// Swedbank Pay call of ours beyond the verifier's bounds.
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
                let pspID = RelayRoutes.paymentOrderPath(id), pspID == id
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
            await verifier.receive(pspID)
            return BackendResponse.json(Self.accepted)
        }
    }
}

extension BackendServices {
    /// What a callback for `pspID` leads to: the order's status read from Swedbank Pay and
    /// recorded, if the order is this backend's. Failures are logged; nobody waits for them.
    func verifyCallback(pspID: String) async {
        do {
            guard let order = try await store.find(pspID: pspID) else { return }
            try await refreshStatus(of: order)
        } catch {
            Logger(label: "MerchantBackend.callbacks").notice(
                "Callback verification failed", metadata: ["order": "\(pspID)", "error": "\(error)"])
        }
    }
}
