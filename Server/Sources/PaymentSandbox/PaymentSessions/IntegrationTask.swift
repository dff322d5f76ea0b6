#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// Work the SDK does on the device for an operation (`tasks`): launch the Swish app, load a 3-D
/// Secure page, or show the Apple Pay sheet.
struct IntegrationTask: Sendable, Equatable {
    let rel: PaymentSessionRel
    var method: String?
    var href: String?
    var contentType: String?
    var expects: [SessionExpectation] = []

    var json: SwedbankPaySDK.JSONValue {
        var object: SwedbankPaySDK.JSONObject = ["rel": .string(rel.rawValue)]
        if let method { object["method"] = .string(method) }
        if let href { object["href"] = .string(href) }
        if let contentType { object["contentType"] = .string(contentType) }
        if !expects.isEmpty { object["expects"] = .array(expects.map(\.json)) }
        return .object(object)
    }
}
#endif
