#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import SwedbankPaySDK

/// `GET /sandbox/storage`: every store's byte account against its budget
/// (``SandboxStoreBudgets``), and how many open payment orders were dropped for room — behind
/// ``ControlAccessMiddleware`` like the rest of the control API.
struct StorageRoutes: SandboxModule {
    let services: SandboxServices
    let control: SandboxControl

    func register(merchant: RouterGroup<SandboxRequestContext>, open: Router<SandboxRequestContext>) {
        open.controlGroup(services.configuration).get("/sandbox/storage") { _, _ in
            let accounts = await control.storeAccounts()
            return JSONResponse.make(
                SwedbankPaySDK.JSONValue.object([
                    "stores": .array(accounts.map(\.json)),
                    "bytes": .integer(Int64(accounts.reduce(0) { $0 + $1.bytes })),
                    "budget": .integer(Int64(accounts.reduce(0) { $0 + $1.budget })),
                ]))
        }
    }

    func reset() async {}
}
#endif
