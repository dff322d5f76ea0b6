#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Hummingbird
import ServerSupport

extension SandboxRequestContext {
    /// The payment order id the path's `:id` names: a GUID, the form the sandbox issues
    /// (``Identifier/Kind/guid``). Anything else names no order and is 404 before any store is
    /// asked, as in the Merchant Backend, whose database would refuse a NUL byte with an error.
    func pathOrderID() throws -> String {
        let raw = try parameters.require("id")
        guard let id = Identifier.fromPathSegment(raw[...], as: .guid) else {
            throw SandboxProblem.notFound("No payment order \(raw).")
        }
        return id
    }
}
#endif
