import SwedbankPaySDK

/// Collects every problem of a request body before answering, so one answer names every bad
/// field.
struct FieldProblems {
    private(set) var list: [(name: String, description: String)] = []

    mutating func add(_ name: String, _ description: String) {
        list.append((name, description))
    }

    /// A string member; records a problem when it is missing (and required) or not a string.
    mutating func string(
        _ object: SwedbankPaySDK.JSONObject, _ key: String, at path: String, required: Bool = true,
        maxLength: Int = 1_024
    ) -> String? {
        let name = path.isEmpty ? key : path + "." + key
        switch object[key] {
        case .string(let text)?:
            // Unicode scalars, as JSON Schema's `maxLength` counts: the contract states these limits.
            if text.unicodeScalars.count > maxLength {
                add(name, "The field is longer than \(maxLength) characters.")
                return nil
            }
            return text
        case nil, .null?:
            if required { add(name, "The field is required.") }
            return nil
        default:
            add(name, "The field must be a string.")
            return nil
        }
    }

    /// An object member.
    mutating func object(_ object: SwedbankPaySDK.JSONObject, _ key: String, at path: String, required: Bool = true)
        -> SwedbankPaySDK.JSONObject?
    {
        let name = path.isEmpty ? key : path + "." + key
        switch object[key] {
        case .object(let member)?: return member
        case nil, .null?:
            if required { add(name, "The field is required.") }
            return nil
        default:
            add(name, "The field must be an object.")
            return nil
        }
    }

    /// An array of strings.
    mutating func strings(
        _ object: SwedbankPaySDK.JSONObject, _ key: String, at path: String, required: Bool = true,
        maxCount: Int = 100
    ) -> [String]? {
        let name = path.isEmpty ? key : path + "." + key
        switch object[key] {
        case .array(let items)?:
            if items.count > maxCount {
                add(name, "The field has more than \(maxCount) items.")
                return nil
            }
            var result: [String] = []
            for item in items {
                guard case .string(let text) = item else {
                    add(name, "Every item must be a string.")
                    return nil
                }
                result.append(text)
            }
            return result
        case nil, .null?:
            if required { add(name, "The field is required.") }
            return nil
        default:
            add(name, "The field must be an array of strings.")
            return nil
        }
    }

    func throwIfAny(_ detail: String) throws(BackendProblem) {
        if !list.isEmpty { throw .badRequest(detail, problems: list) }
    }
}
