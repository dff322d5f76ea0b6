#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// An operation the session offers (`{rel, method, href, next?, expects?, tasks?}`). The same
/// values decide what is rendered and what is allowed, so a request is refused exactly when its
/// operation is not in the current model.
struct SessionOperation: Sendable, Equatable {
    let rel: PaymentSessionRel
    let method: String
    let href: String
    /// The SDK acts on `next: true` operations first; false is left out of the JSON.
    var next = false
    var expects: [SessionExpectation] = []
    var tasks: [IntegrationTask] = []

    static func post(_ rel: PaymentSessionRel, _ href: String, next: Bool = false) -> SessionOperation {
        SessionOperation(rel: rel, method: "POST", href: href, next: next)
    }

    static func get(_ rel: PaymentSessionRel, _ href: String, next: Bool = false) -> SessionOperation {
        SessionOperation(rel: rel, method: "GET", href: href, next: next)
    }

    var json: SwedbankPaySDK.JSONValue {
        var object: SwedbankPaySDK.JSONObject = [
            "rel": .string(rel.rawValue), "method": .string(method), "href": .string(href),
        ]
        if next { object["next"] = .bool(true) }
        if !expects.isEmpty { object["expects"] = .array(expects.map(\.json)) }
        if !tasks.isEmpty { object["tasks"] = .array(tasks.map(\.json)) }
        return .object(object)
    }
}
#endif
