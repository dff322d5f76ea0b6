#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// Reads the members of a session request body, answering a wrong one with a 400 `inputerror`
/// that names it. The SDK sends nil optionals as JSON null, so null and absent mean the same.
struct PaymentSessionBody: Sendable {
    let object: SwedbankPaySDK.JSONObject

    init(_ object: SwedbankPaySDK.JSONObject) {
        self.object = object
    }

    func optionalString(_ name: String) throws -> String? {
        switch object[name] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        default: throw Self.invalid(name, "The field must be a string or null.")
        }
    }

    func requiredString(_ name: String) throws -> String {
        guard let value = try optionalString(name), !value.isEmpty else {
            throw Self.invalid(name, "The field is required and must be a non-empty string.")
        }
        return value
    }

    func optionalBool(_ name: String) throws -> Bool? {
        switch object[name] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        default: throw Self.invalid(name, "The field must be a boolean or null.")
        }
    }

    func optionalStrings(_ name: String) throws -> [String]? {
        switch object[name] {
        case nil, .null?: return nil
        case .array(let items)?:
            let strings = items.compactMap(\.stringValue)
            guard strings.count == items.count else { throw Self.invalid(name, "Every element must be a string.") }
            return strings
        default: throw Self.invalid(name, "The field must be an array of strings or null.")
        }
    }

    /// A 400 `inputerror` naming one field.
    static func invalid(_ name: String, _ description: String) -> SandboxProblem {
        SandboxProblem.inputError("The request body is invalid.", problems: [(name, description)])
    }
}
#endif
