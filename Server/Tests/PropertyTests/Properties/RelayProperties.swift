import Foundation
import SwedbankPaySDK

@testable import MerchantBackend

/// The `PATCH /patch` relay's reading of the app's body (``RelayRequest``, ``RelayedPatch``),
/// shared like ``SDKProperties``: the property tests feed it generated bodies and hrefs,
/// `RelayRequestFuzz` any bytes. Nil when the property holds.
enum RelayProperties {
    /// A body is refused with a 400 naming its members, or relayed as exactly one of the two
    /// operations with its one field, within the contract's limits: what is sent to Swedbank Pay is
    /// built from the patch, reads back as the same patch, and carries nothing else of the body.
    static func patch(_ body: SwedbankPaySDK.JSONObject) -> String? {
        let href: String
        let patch: RelayedPatch
        do {
            (href, patch) = try RelayRequest.patchBody(body)
        } catch {
            guard error.status == 400 else { return "refused with \(error.status)" }
            let names = error.problems.map(\.name)
            if names.contains(where: { !$0.hasPrefix("href") && !$0.hasPrefix("paymentorder") }) {
                return "problems name \(names)"
            }
            return nil
        }
        guard body["href"] == .string(href), href.unicodeScalars.count <= ContractLimits.href else {
            return "href \(href.debugDescription) taken from \(body["href"] as Any)"
        }
        guard case .object(let given)? = body["paymentorder"] else { return "a patch without paymentorder" }
        // A member given as null is one not given.
        let order = given.filter { $0.value != .null }
        let sent: SwedbankPaySDK.JSONObject
        switch patch {
        case .setInstrument(let instrument):
            guard instrument.unicodeScalars.count <= ContractLimits.instrument else {
                return "an instrument of \(instrument.unicodeScalars.count) scalars"
            }
            sent = ["operation": .string("SetInstrument"), "instrument": .string(instrument)]
        case .abort(let reason):
            if let reason, !ContractLimits.abortReasons.contains(reason) { return "abort reason \(reason) relayed" }
            sent = ["operation": .string("Abort")].merging(reason.map { ["abortReason": .string($0)] } ?? [:]) { a, _ in
                a
            }
        }
        guard order == sent else { return "the app's \(order) relayed as \(sent)" }
        guard patch.body == .object(["paymentorder": .object(sent)]) else { return "sent \(patch.body.jsonText)" }
        var problems = FieldProblems()
        guard RelayedPatch.parse(sent, into: &problems) == patch, problems.list.isEmpty else {
            return "the body sent does not read back as \(patch)"
        }
        return nil
    }

    /// The href is taken exactly when its bytes are the origin's, then `/psp/paymentorders/`, then
    /// 1 to 64 ASCII letters, digits and `-`; the order is then that path.
    static func orderPath(href: String, origin: String) -> String? {
        let path = RelayRequest.orderPath(ofHref: href, origin: origin)
        let bytes = Array(href.utf8)
        let prefix = Array(origin.utf8) + Array("/psp/paymentorders/".utf8)
        let id = bytes.starts(with: prefix) ? Array(bytes[prefix.count...]) : nil
        let valid =
            id.map { id in
                (1...64).contains(id.count)
                    && id.allSatisfy {
                        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-")
                    }
            } ?? false
        guard valid else { return path.map { "\(href.debugDescription) at \(origin.debugDescription) gave \($0)" } }
        let expected = "/psp/paymentorders/" + String(decoding: id ?? [], as: UTF8.self)
        return path == expected ? nil : "\(href.debugDescription) at \(origin.debugDescription) gave \(path as Any)"
    }

    /// `POST /expand` takes a payment order's path and at most 20 of the resources Swedbank Pay
    /// expands, and nothing else.
    static func expand(_ body: SwedbankPaySDK.JSONObject) -> String? {
        let resource: String
        let expand: [String]
        do {
            (resource, expand) = try RelayRequest.expandBody(body)
        } catch {
            return error.status == 400 ? nil : "refused with \(error.status)"
        }
        guard body["resource"] == .string(resource), RelayRequest.paymentOrderPath(resource) == resource else {
            return "resource \(resource.debugDescription) accepted"
        }
        guard expand.count <= ContractLimits.expandCount, expand.allSatisfy(ContractLimits.expandable.contains),
            body["expand"] == .array(expand.map { .string($0) })
        else { return "expand \(expand) accepted" }
        return nil
    }
}
