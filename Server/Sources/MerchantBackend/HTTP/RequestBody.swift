import Foundation
import Hummingbird
import NIOCore
import SwedbankPaySDK

/// Reads an app's JSON request body within the configured limits and turns every way it can be
/// wrong into a `mobilesdk/badrequest` problem: too large (413), not JSON (415 / 400), too deep,
/// not an object.
struct RequestBody {
    let maxBytes: Int
    let maxDepth: Int

    init(configuration: BackendConfiguration) {
        maxBytes = configuration.maxRequestBodyBytes
        maxDepth = configuration.maxJSONDepth
    }

    /// The body as a JSON object.
    func object(_ request: Request) async throws -> SwedbankPaySDK.JSONObject {
        if let contentType = request.headers[.contentType],
            !Self.isJSON(contentType)
        {
            throw BackendProblem.badRequest("The body must be application/json.", status: 415)
        }
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maxBytes)
        } catch is NIOTooManyBytesError {
            throw BackendProblem.badRequest("The request body is larger than \(maxBytes) bytes.", status: 413)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw BackendProblem.badRequest("The request body is larger than \(maxBytes) bytes.", status: 413)
        }
        let data = Data(buffer: buffer)
        guard !data.isEmpty else {
            throw BackendProblem.badRequest("The request body is empty; a JSON object is required.")
        }
        let value: SwedbankPaySDK.JSONValue
        do {
            value = try SwedbankPaySDK.JSONValue(parsing: data, maxDepth: maxDepth)
        } catch {
            throw BackendProblem.badRequest("The request body is not valid JSON: \(error.description).")
        }
        guard case .object(let object) = value else {
            throw BackendProblem.badRequest("The request body must be a JSON object.")
        }
        return object
    }

    static func isJSON(_ contentType: String) -> Bool {
        MediaType.of(contentType) == "application/json"
    }
}

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
            if text.count > maxLength {
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
