#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// Moves between the SDK's typed models and loose JSON, so the sandbox can keep (and echo) the
/// members of a request that the SDK models do not carry.
enum JSONFields {
    /// `value` as JSON, as `JSONEncoder` writes it (URLs as strings, nil optionals left out).
    static func encode(_ value: some Encodable) -> SwedbankPaySDK.JSONValue {
        guard let data = try? JSONEncoder().encode(value),
            let json = try? SwedbankPaySDK.JSONValue(parsing: data)
        else { return .null }
        return json
    }

    /// `value` as a JSON object, or empty when it does not encode to one.
    static func encodeObject(_ value: some Encodable) -> SwedbankPaySDK.JSONObject {
        encode(value).objectValue ?? [:]
    }

    /// The members of `raw` that `known` lacks. Objects present in both are compared member by
    /// member, so `{"urls": {"logoUrl": ...}}` survives even though `urls` itself is known; arrays
    /// and other values are taken whole or not at all.
    static func residual(_ raw: SwedbankPaySDK.JSONObject, known: SwedbankPaySDK.JSONObject)
        -> SwedbankPaySDK.JSONObject
    {
        var extra: SwedbankPaySDK.JSONObject = [:]
        for (key, value) in raw {
            switch (value, known[key]) {
            case (_, nil):
                extra[key] = value
            case (.object(let rawMember), .object(let knownMember)?):
                let nested = residual(rawMember, known: knownMember)
                if !nested.isEmpty { extra[key] = .object(nested) }
            default:
                break
            }
        }
        return extra
    }

    /// `base` with the members of `extra` added where `base` has none; objects in both are merged
    /// the same way. The inverse of ``residual(_:known:)``.
    static func merged(_ base: SwedbankPaySDK.JSONObject, with extra: SwedbankPaySDK.JSONObject?)
        -> SwedbankPaySDK.JSONObject
    {
        guard let extra else { return base }
        var result = base
        for (key, value) in extra {
            switch (result[key], value) {
            case (nil, _):
                result[key] = value
            case (.object(let baseMember)?, .object(let extraMember)):
                result[key] = .object(merged(baseMember, with: extraMember))
            default:
                break
            }
        }
        return result
    }
}
#endif
