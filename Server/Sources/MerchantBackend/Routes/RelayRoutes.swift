import Foundation
import Hummingbird
import SwedbankPaySDK

/// `PATCH /patch` (relays SetInstrument and Abort to a payment order) and `POST /expand` (reads a
/// payment order with `$expand`). Both act only on the caller's own orders. The relay sends a body
/// the backend builds from an allow-list (`RelayedPatch`), never the app's object, and only to the
/// exact URL of one of the caller's orders at the configured Swedbank Pay origin, so the merchant
/// token goes nowhere else and the app cannot change what the merchant's server decided (the
/// amount, the items, the URLs). What the bodies and the href may be is ``RelayRequest``'s to say.
struct RelayRoutes {
    let services: BackendServices

    func register(app: RouterGroup<BackendRequestContext>) {
        app.patch("/patch") { request, context in
            let user = try context.requireUser()
            let body = try await services.body.appObject(request, context: context)
            let (href, patch) = try RelayRequest.patchBody(body)
            guard let pspID = RelayRequest.orderPath(ofHref: href, origin: services.swedbankPay.origin) else {
                // Well-formed but refused: the merchant token goes to Swedbank Pay's orders only.
                throw BackendProblem.forbidden(
                    "The href is not a payment order operation of Swedbank Pay.",
                    problems: [("href", "Must be the operation href of a payment order at Swedbank Pay, as given.")])
            }
            let order = try await services.ownedOrder(pspID: pspID, user: user)
            let answer = try await services.swedbankPay.send(.PATCH, href, body: patch.body)
            if let status = answer.object["paymentOrder"]?.objectValue?["status"]?.stringValue {
                try? await services.store.updateStatus(
                    id: order.id, status: OrderStatus(rawValue: status), now: services.clock.milliseconds)
            }
            return BackendResponse.json(.object(answer.object))
        }
        app.post("/expand") { request, context in
            let user = try context.requireUser()
            let body = try await services.body.appObject(request, context: context)
            let (resource, expand) = try RelayRequest.expandBody(body)
            _ = try await services.ownedOrder(pspID: resource, user: user)
            var url = services.swedbankPay.url(resource)
            if !expand.isEmpty { url += "?$expand=" + expand.joined(separator: ",") }
            let answer = try await services.swedbankPay.send(.GET, url)
            return BackendResponse.json(.object(answer.object))
        }
    }
}
