import Foundation
import Hummingbird
import SwedbankPaySDK

/// `POST /swedbankpay/callback`: Swedbank Pay's notice that a payment order changed. The body is
/// only a hint — anyone can post here — so the status is read back from Swedbank Pay before it is
/// recorded. Answers 200 once recorded, so Swedbank Pay stops retrying; 404 for an order that is
/// not ours.
struct CallbackRoutes {
    static let path = "/swedbankpay/callback"
    let services: BackendServices

    func register(open: Router<BackendRequestContext>) {
        open.post(RouterPath(Self.path)) { request, _ in
            let body = try await services.body.object(request)
            guard let id = body["paymentOrder"]?.objectValue?["id"]?.stringValue,
                let pspID = RelayRoutes.paymentOrderPath(id), pspID == id
            else {
                throw BackendProblem.badRequest(
                    "The callback has no paymentOrder.id.", problems: [("paymentOrder.id", "The field is required.")])
            }
            guard let order = try await services.store.find(pspID: pspID) else {
                throw BackendProblem.notFound("No payment order \(pspID).")
            }
            let status = try await services.refreshStatus(of: order)
            return BackendResponse.json(.object(["status": status.map { .string($0) } ?? .null]))
        }
    }
}
