import Foundation
import Hummingbird
import SwedbankPaySDK

/// `GET /`: the links to the top-level resources. Both are always present (the SDK requires both),
/// and the answer may be cached for ``BackendConfiguration/discoveryMaxAge`` seconds.
struct DiscoveryRoutes {
    let services: BackendServices

    func register(app: RouterGroup<BackendRequestContext>) {
        let document = SwedbankPaySDK.JSONValue.object([
            "consumers": .string("/consumers"), "paymentorders": .string("/paymentorders"),
        ]).serialized()
        let cacheControl = "max-age=\(services.configuration.discoveryMaxAge)"
        app.get("/") { _, _ in
            BackendResponse.raw(
                document, status: 200, contentType: "application/json; charset=utf-8",
                headers: [.cacheControl: cacheControl])
        }
    }
}
